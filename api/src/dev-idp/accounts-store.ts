import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type DevAccount = { sub: string; name: string; email: string; lastUsedAt: string };

/** People who signed in through the local provider, so the page can offer them again. */
export class DevAccountsStore {
  private readonly accounts = new Map<string, DevAccount>();

  constructor(private readonly file?: string) {
    if (!file) return;
    try {
      for (const account of JSON.parse(readFileSync(file, 'utf8')) as DevAccount[]) {
        this.accounts.set(account.sub, account);
      }
    } catch {
      // first run: no file yet
    }
  }

  /** The subject id is derived from the email, so the same person keeps the same id. */
  static subjectFor(email: string): string {
    return `local-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
  }

  remember(name: string, email: string): DevAccount {
    const account: DevAccount = {
      sub: DevAccountsStore.subjectFor(email),
      name: name.trim(),
      email: email.trim().toLowerCase(),
      lastUsedAt: new Date().toISOString(),
    };
    this.accounts.set(account.sub, account);
    this.persist();
    return account;
  }

  find(sub: string): DevAccount | undefined {
    return this.accounts.get(sub);
  }

  recent(): DevAccount[] {
    return [...this.accounts.values()].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
  }

  private persist(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(this.recent(), null, 2));
  }
}
