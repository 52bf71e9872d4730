import { FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { useFormat } from '../common/format';
import { SearchResult, searchError, useSearch } from './useSearch';

/** One result: a link to its page (Tab and Enter open it), what it is, whose, and which field matched. */
function ResultRow({ r }: { r: SearchResult }) {
  const t = useTranslate();
  const f = useFormat();
  const kind = t(`resources.${r.resource}.name`, { smart_count: 1, _: r.resource });
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        r.policy ? (
          <Link component={RouterLink} to={`/${r.policy.resource}/${r.policy.id}/show`}>
            {t('search.policy_of_payment')} ›
          </Link>
        ) : undefined
      }
    >
      <ListItemButton component={RouterLink} to={`/${r.resource}/${r.id}/show`} data-testid="search-result">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.5, minWidth: 0, pe: r.policy ? 8 : 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {kind}
          </Typography>
          <Typography variant="body2" component="bdi" dir="ltr" sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', overflowWrap: 'anywhere' }}>
            {r.resource === 'payments' ? (r.policy_number ?? r.id) : `#${r.id}${r.policy_number ? ` · ${r.policy_number}` : ''}`}
          </Typography>
          {r.holder && (
            <Typography variant="body2" component="bdi">
              {r.holder}
            </Typography>
          )}
          <Chip size="small" label={t(`search.status.${r.status}`, { _: r.status })} />
          <Typography variant="caption" color="text.secondary">
            {t(`search.matched.${r.matched}`, { _: r.matched })} · {f.dateTime(r.created_at)}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

/** Operations' first stop: find a customer, a policy or a payment of any family from what the caller has in hand. */
export function SearchPage() {
  const t = useTranslate();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const { data, error, isFetching } = useSearch(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  const message = searchError(error);
  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title={t('search.title')} />
      <Card sx={{ p: 2 }}>
        <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
            fullWidth
            size="small"
            label={t('search.title')}
            placeholder={t('search.placeholder')}
            error={Boolean(message)}
            helperText={message ?? t('search.hint')}
          />
          <Button type="submit" variant="contained" disabled={isFetching}>
            {t('search.submit')}
          </Button>
        </Box>
        {data && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <Typography variant="subtitle2" data-testid="search-count">
              {data.results.length ? t('search.results', { smart_count: data.results.length, count: f.number(data.results.length) }) : t('search.empty', { q })}
            </Typography>
            {data.truncated && (
              <Typography variant="caption" color="text.secondary">
                {t('search.truncated', { count: f.number(data.results.length) })}
              </Typography>
            )}
            <List dense>
              {data.results.map((r) => (
                <ResultRow key={`${r.resource}:${r.id}`} r={r} />
              ))}
            </List>
          </Box>
        )}
      </Card>
    </Box>
  );
}
