import type { ReactNode } from 'react';
import { FilterButton, TopToolbar } from 'react-admin';
import { ServerExportButton } from './ServerExportButton';

/** Every list's toolbar: its filters, an export of every row the filters match (as the role sees them, streamed by the server), and any extra buttons. */
export function ListActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      <FilterButton />
      <ServerExportButton />
      {children}
    </TopToolbar>
  );
}
