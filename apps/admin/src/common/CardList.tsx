import { Children, createElement, Fragment, isValidElement, useCallback, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  BulkActionsToolbar,
  RecordContextProvider,
  useGetPathForRecordCallback,
  useListContext,
  useResourceContext,
  useTranslateLabel,
  type DataTableColumnProps,
  type DataTableProps,
  type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * Where a list's columns go on its phone card (each by its `source`). By default the first column names the record, a
 * `status` or `active` column sits at the end of that line, and every other column follows as "label value".
 */
export type CardLayout = {
  /** The columns naming the record, on the card's first line in bold. */
  title?: string[];
  /** The columns at the end of the first line (a status chip, a time). */
  end?: string[];
  /** The columns shown without their label, under the title: what they are is plain from the value (a name, a link). */
  plain?: string[];
  /** The columns left off the card: the record's page shows them. */
  hide?: string[];
  /** The columns at the card's foot without their label: the record's own buttons. */
  footer?: string[];
};

type Column = { key: string; props: DataTableColumnProps };

const AT_THE_END = ['status', 'active'];

/** The `<DataTable.Col>` elements among a list's children (fragments and `false` skipped). */
function columnsOf(children: ReactNode): Column[] {
  const columns: Column[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const props = child.props as DataTableColumnProps & { children?: ReactNode };
    if (child.type === Fragment) {
      columns.push(...columnsOf(props.children));
      return;
    }
    columns.push({ key: String(props.source ?? props.label ?? columns.length), props });
  });
  return columns;
}

/** What a column shows for the record in context: its field, `render` or `field`, else the value itself (never wrapping). */
function CellValue({ column, record }: { column: DataTableColumnProps; record: RaRecord }) {
  const { children, render, field, source } = column;
  if (children) return <>{children}</>;
  if (render) return <>{render(record)}</>;
  if (field) return createElement(field, { source });
  const value = source?.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null | undefined)?.[k], record);
  if (value === null || value === undefined || value === '') return <>—</>;
  // a number or an id is one word: it never breaks, and keeps its own direction in an Arabic page
  return <bdi style={{ whiteSpace: /\s/.test(String(value)) ? undefined : 'nowrap' }}>{String(value)}</bdi>;
}

/** Moves focus to the card before or after this one (arrow keys), if there is one. */
function focusSibling(card: HTMLElement, step: 1 | -1) {
  const next = step === 1 ? card.nextElementSibling : card.previousElementSibling;
  if (next instanceof HTMLElement && next.tabIndex === 0) next.focus();
}

function Card({
  record,
  columns,
  layout,
  rowClick,
  selectable,
  testId,
}: {
  record: RaRecord;
  columns: Column[];
  layout: Required<CardLayout>;
  rowClick: DataTableProps['rowClick'];
  selectable: boolean;
  testId?: (record: RaRecord) => string;
}) {
  const resource = useResourceContext();
  const { selectedIds, onToggleItem } = useListContext();
  const translateLabel = useTranslateLabel();
  const getPathForRecord = useGetPathForRecordCallback();
  const navigate = useNavigate();

  // the same destinations as a row of the table: a page type, a path, or a function of the record
  const open = useCallback(async () => {
    const link = typeof rowClick === 'function' ? await rowClick(record.id, resource!, record) : rowClick;
    if (link === false || link === 'expand' || link === 'toggleSelection' || link == null) return;
    const path = await getPathForRecord({ record, resource, link });
    if (path) void navigate(path, { state: { _scrollToTop: true } });
  }, [rowClick, record, resource, getPathForRecord, navigate]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      void open();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusSibling(e.currentTarget, e.key === 'ArrowDown' ? 1 : -1);
    }
  };

  // in the layout's order, which may differ from the table's
  const pick = (keys: string[]) => keys.flatMap((k) => columns.filter((c) => c.key === k));
  const placed = new Set([...layout.title, ...layout.end, ...layout.plain, ...layout.hide, ...layout.footer]);
  const labelled = columns.filter((c) => !placed.has(c.key));
  const cell = (c: Column) => <CellValue key={c.key} column={c.props} record={record} />;
  const selected = selectedIds.includes(record.id);

  return (
    <Paper
      variant="outlined"
      component="li"
      className="ListCard"
      data-testid="list-card"
      data-record={testId?.(record)}
      tabIndex={rowClick === false ? undefined : 0}
      onClick={rowClick === false ? undefined : () => void open()}
      onKeyDown={rowClick === false ? undefined : onKeyDown}
      sx={{
        listStyle: 'none',
        px: 1.5,
        py: 1,
        cursor: rowClick === false ? 'default' : 'pointer',
        minWidth: 0,
        overflowWrap: 'break-word',
        bgcolor: selected ? 'action.selected' : undefined,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '-3px', backgroundColor: 'action.hover' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
        {selectable && (
          <Checkbox
            size="small"
            sx={{ p: 0.5, m: -0.5 }}
            checked={selected}
            onClick={(e: MouseEvent) => e.stopPropagation()}
            onChange={() => onToggleItem(record.id)}
            inputProps={{ 'aria-label': String(record.id) }}
          />
        )}
        <Box
          className="ListCard-title"
          sx={{ flex: '1 1 auto', minWidth: 0, display: 'flex', flexWrap: 'wrap', columnGap: 1, fontWeight: 600, '&& *': { fontWeight: 'inherit' } }}
        >
          {pick(layout.title).map((c) => (
            <Box key={c.key} className={`column-${c.key}`} sx={{ minWidth: 0, maxWidth: '100%' }}>
              {/* a record named by its number reads as one: #12 */}
              {c.key === 'id' ? <bdi style={{ whiteSpace: 'nowrap' }}>#{cell(c)}</bdi> : cell(c)}
            </Box>
          ))}
        </Box>
        {pick(layout.end).map((c) => (
          <Box key={c.key} className={`ListCard-end column-${c.key}`}>
            {cell(c)}
          </Box>
        ))}
      </Box>
      {layout.plain.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, mt: 0.25 }}>
          {pick(layout.plain).map((c) => (
            <Box key={c.key} className={`column-${c.key}`} sx={{ minWidth: 0, maxWidth: '100%' }}>
              {cell(c)}
            </Box>
          ))}
        </Box>
      )}
      {labelled.length > 0 && (
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, m: 0, mt: 0.5 }}>
          {labelled.map((c) => (
            <Box key={c.key} className={`column-${c.key}`} sx={{ display: 'flex', alignItems: 'baseline', columnGap: 0.75, minWidth: 0, maxWidth: '100%' }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {translateLabel({ source: c.props.source, label: c.props.label, resource })}
              </Typography>
              <Box component="dd" sx={{ m: 0, minWidth: 0, typography: 'body2' }}>
                {cell(c)}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {layout.footer.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mt: 0.5, mx: -0.5 }}>
          {pick(layout.footer).map((c) => (
            <Box key={c.key} className={`column-${c.key}`} sx={{ display: 'flex', flexWrap: 'wrap', maxWidth: '100%' }}>
              {cell(c)}
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * A list's records as stacked cards, for a phone: the same columns as its table, each record's facts on the screen
 * without scrolling sideways. A card opens its record as a row does (click, Enter or Space; arrows move between cards).
 */
export function CardList({
  children,
  layout = {},
  rowClick,
  bulkActionButtons,
  cardTestId,
}: {
  children: ReactNode;
  layout?: CardLayout;
  rowClick: DataTableProps['rowClick'];
  bulkActionButtons: DataTableProps['bulkActionButtons'];
  /** Names each card in `data-record` (tests find a record's card by it). */
  cardTestId?: (record: RaRecord) => string;
}) {
  const { data } = useListContext();
  const columns = columnsOf(children);
  const title = layout.title ?? columns.slice(0, 1).map((c) => c.key);
  const end = layout.end ?? columns.filter((c) => AT_THE_END.includes(c.key) && !title.includes(c.key)).map((c) => c.key);
  const full = { title, end, plain: layout.plain ?? [], hide: layout.hide ?? [], footer: layout.footer ?? [] };
  const selectable = Boolean(bulkActionButtons);
  return (
    <Box sx={{ position: 'relative' }}>
      {selectable && <BulkActionsToolbar>{bulkActionButtons as ReactElement}</BulkActionsToolbar>}
      <Box component="ul" sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1, m: 0 }} data-testid="list-cards">
        {(data ?? []).map((record: RaRecord) => (
          <RecordContextProvider key={record.id} value={record}>
            <Card record={record} columns={columns} layout={full} rowClick={rowClick} selectable={selectable} testId={cardTestId} />
          </RecordContextProvider>
        ))}
      </Box>
    </Box>
  );
}
