import type { StatementQuery } from '@portal/shared/statements';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type StatementFormat = 'pdf' | 'csv';

/** GET /api/statements.{pdf|csv}: the file the server builds (ADR 74), saved under its dated name. */
export async function downloadStatement(format: StatementFormat, query: StatementQuery): Promise<void> {
  const params = new URLSearchParams({
    from: query.from,
    to: query.to,
    ...(query.lang && { lang: query.lang }),
  });
  const blob = await api.file(`/statements.${format}?${params.toString()}`);
  saveFile(blob, `statement-${query.from}-${query.to}.${format}`);
}
