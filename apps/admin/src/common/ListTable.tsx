import { createContext, forwardRef, useContext, type KeyboardEvent, type ReactNode } from 'react';
import { CardList, type CardLayout } from './CardList';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataTable,
  DataTableBody,
  DataTableRow,
  useListContext,
  useRecordContext,
  type DataTableBodyProps,
  type DataTableProps,
  type DataTableRowProps,
  type RaRecord,
} from 'react-admin';

/** Moves focus to the row before or after this one (arrow keys), if there is one. */
function focusSibling(row: HTMLTableRowElement, step: 1 | -1) {
  const next = step === 1 ? row.nextElementSibling : row.previousElementSibling;
  if (next instanceof HTMLTableRowElement && next.tabIndex === 0) next.focus();
}

/**
 * A row that opens its record from the keyboard exactly as a click does: it is in the Tab order, Enter and Space
 * click it (only when the row itself has the focus, so a link or button inside keeps its own keys), arrows move between rows.
 */
/** What the list's rows need beyond DataTable's own props: whether they open anything, and a test id for each. */
const RowOptions = createContext<{ opens: boolean; testId?: (record: RaRecord) => string }>({ opens: true });

const KeyboardRow = forwardRef<HTMLTableRowElement, DataTableRowProps>((props, ref) => {
  const { opens, testId } = useContext(RowOptions);
  const record = useRecordContext();
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.currentTarget.click();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusSibling(e.currentTarget, e.key === 'ArrowDown' ? 1 : -1);
    }
  };
  return (
    <DataTableRow
      ref={ref}
      tabIndex={opens ? 0 : undefined}
      onKeyDown={opens ? onKeyDown : undefined}
      data-testid={testId && record ? testId(record) : undefined}
      {...props}
    />
  );
});
KeyboardRow.displayName = 'KeyboardRow';

const KeyboardBody = forwardRef<HTMLTableSectionElement, DataTableBodyProps>((props, ref) => <DataTableBody ref={ref} {...props} row={KeyboardRow} />);
KeyboardBody.displayName = 'KeyboardBody';

/**
 * Every console list's table: a row opens the record's page by click, Enter or Space (with a visible focus ring); like
 * every DataTable (theme.ts) it scrolls sideways inside its own box, so on a tablet the page itself never does. On a
 * phone (narrower than the `sm` breakpoint) the same columns are stacked cards (`CardList`, laid out by `card`), so
 * each record's key facts are on the screen without scrolling at all.
 */
export function ListTable({
  children,
  rowClick = 'show',
  bulkActionButtons = false,
  card,
  rowTestId,
}: {
  children: ReactNode;
  rowClick?: DataTableProps['rowClick'];
  /** Bulk actions where they save work (resend deliveries, assign claims); none by default. */
  bulkActionButtons?: DataTableProps['bulkActionButtons'];
  /** Where the columns go on a phone's card. */
  card?: CardLayout;
  /** A test id for each record's row (and card). */
  rowTestId?: (record: RaRecord) => string;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { data, isPending } = useListContext();
  // the table says "loading" and "no results" in its own way: cards only once there are records to show
  if (phone && !isPending && data?.length)
    return (
      <CardList layout={card} rowClick={rowClick} bulkActionButtons={bulkActionButtons} cardTestId={rowTestId}>
        {children}
      </CardList>
    );
  return (
    <RowOptions.Provider value={{ opens: rowClick !== false, testId: rowTestId }}>
      <DataTable
        rowClick={rowClick}
        bulkActionButtons={bulkActionButtons}
        body={KeyboardBody}
        sx={{
          '& .RaDataTable-clickableRow:focus-visible': {
            outline: '3px solid',
            outlineColor: 'primary.main',
            outlineOffset: '-3px',
            backgroundColor: 'action.hover',
          },
          '& .RaDataTable-rowCell, & .RaDataTable-headerCell': { px: { xs: 1, sm: 2 } },
        }}
      >
        {children}
      </DataTable>
    </RowOptions.Provider>
  );
}
