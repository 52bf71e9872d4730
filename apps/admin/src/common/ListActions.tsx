import type { ReactNode } from 'react';
import { ExportButton, FilterButton, TopToolbar } from 'react-admin';

/** Every list's toolbar: its filters, an export of every row the filters match (as the role sees them), and any extra buttons. */
export function ListActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportButton maxResults={5000} />
      {children}
    </TopToolbar>
  );
}
