import type { TableView, TablesJobView, TablesResultView } from 'contracts';
import type { FoundTable, TablesResult } from '../extraction/engine/index.js';
import type { JobRecord } from '../jobs/jobs.service.js';

const tableView = (table: FoundTable): TableView => ({
  page: table.page,
  pages: table.pages,
  rows: table.rows,
  ...(table.confidence ? { confidence: table.confidence } : {}),
});

/** What a job keeps of the engine's answer: the cells (no word positions, no file). */
export const resultView = (result: TablesResult): TablesResultView => ({
  tables: result.tables.map(tableView),
  ...(result.invoice
    ? {
        invoice: {
          fields: result.invoice.fields,
          lineItems: result.invoice.lineItems ? tableView(result.invoice.lineItems) : null,
          check: result.invoice.check,
        },
      }
    : {}),
});

/** GET .../jobs/:id: while running, credits say what is held and read so far. */
export const jobView = (job: JobRecord): TablesJobView => ({
  jobId: job.id,
  state: job.state,
  progress: { pagesDone: job.pagesDone, pagesTotal: job.pagesTotal },
  ...(job.state === 'done' && job.result ? { result: job.result as TablesResultView } : {}),
  credits: job.credits ?? { reserved: job.pagesTotal, spent: job.pagesDone, refunded: 0 },
  ...(job.error ? { error: job.error } : {}),
});
