import { api } from '../../../lib/api-client';

/** 'Download my data': fetched with the session, saved by the browser as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const data = await api.get<unknown>('/settings/export');
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'investor-portal-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
