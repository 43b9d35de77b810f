import { randomUUID } from 'node:crypto';
import os from 'node:os';

/** This process among the API instances sharing the database (held slots and jobs name it). */
export const INSTANCE_ID = `${os.hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;
