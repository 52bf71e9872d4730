import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { API, httpClient } from '../providers/httpClient';

export interface SearchResult {
  resource: string;
  id: string;
  policy_number: string | null;
  holder: string | null;
  status: string;
  matched: string;
  created_at: string;
  policy: { resource: string; id: string } | null;
}

/** GET /admin/api/search: nothing is asked until there is a query; a 422 comes back as its message. */
export function useSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    enabled: q.length > 0,
    retry: false,
    queryFn: async () => {
      const { json } = await httpClient(`${API}/search?q=${encodeURIComponent(q)}`);
      return json as { results: SearchResult[]; truncated: boolean };
    },
  });
}

export const searchError = (e: unknown) => (e instanceof HttpError ? e.message : e ? String(e) : null);
