import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FieldTitle, InputHelperText, required, useDataProvider, useInput, useTranslate } from 'react-admin';
import type { ClaimPolicy, ConsoleDataProvider } from '../../providers/dataProvider';
import { useFormat } from '../../common/format';

const R = 'resources.claims';

/** What the search asks the API for, a moment after typing stops (one request per pause, not per key). */
function useDebounced(value: string, ms = 250) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

const label = (p: ClaimPolicy) => [`#${p.policy_id}`, p.policy_number, p.holder_name ?? p.holder_id].filter(Boolean).join(' · ');

/**
 * The claim's policy, picked from the chosen family's policies: search by policy id, policy number,
 * holder id or name (the API masks the holder by role). A policy given by the page that opened the form
 * (a policy page's "File a claim") is shown picked.
 */
export function PolicyPicker() {
  const t = useTranslate();
  const f = useFormat();
  const dp = useDataProvider<ConsoleDataProvider>();
  const family = useWatch({ name: 'product_family' }) as string | undefined;
  const { id, field, fieldState, isRequired } = useInput({ source: 'policy_id', validate: required() });
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<ClaimPolicy | null>(null);
  const q = useDebounced(text.trim());
  const value = field.value === '' || field.value == null ? null : Number(field.value);

  // another family chosen: the policy picked belongs to the old one (a policy given with the form is kept)
  const [pickedFamily, setPickedFamily] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (picked && pickedFamily !== undefined && pickedFamily !== family) {
      setPicked(null);
      setPickedFamily(undefined);
      setText('');
      field.onChange(null);
    }
  }, [family, picked, pickedFamily, field]);

  const search = useQuery({
    queryKey: ['claims', 'policies', family, q],
    queryFn: () => dp.findClaimPolicies(family!, q),
    enabled: Boolean(family && q),
    staleTime: 30_000,
  });
  // a policy given by the page that opened the form: read it once to show who it is for
  const given = useQuery({
    queryKey: ['claims', 'policies', family, String(value)],
    queryFn: () => dp.findClaimPolicies(family!, String(value)),
    enabled: Boolean(family && value !== null && picked?.policy_id !== value),
  });
  useEffect(() => {
    const found = given.data?.find((p) => p.policy_id === value);
    if (found) setPicked(found);
  }, [given.data, value]);

  const options = search.data ?? (picked ? [picked] : []);
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Box sx={{ width: '100%', maxWidth: 560, mb: 1 }}>
      <Autocomplete
        id={id}
        options={options}
        value={picked && picked.policy_id === value ? picked : null}
        getOptionLabel={label}
        isOptionEqualToValue={(a, b) => a.policy_id === b.policy_id}
        filterOptions={(x) => x}
        noOptionsText={t(q ? `${R}.picker.none` : `${R}.picker.type`)}
        loading={search.isFetching}
        disabled={!family}
        onInputChange={(_, v, reason) => reason === 'input' && setText(v)}
        onChange={(_, p) => {
          setPicked(p);
          setPickedFamily(p ? family : undefined);
          field.onChange(p ? p.policy_id : null);
        }}
        onBlur={field.onBlur}
        renderOption={(props, p) => (
          <li {...props} key={p.policy_id} data-testid="policy-option">
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <bdi>{label(p)}</bdi>
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t(`${R}.policy_statuses.${p.policy_status}`, { _: p.policy_status })}
                {p.cover_from && p.cover_to ? (
                  <>
                    {' '}
                    ·{' '}
                    <bdi dir="ltr">
                      {f.date(p.cover_from)} – {f.date(p.cover_to)}
                    </bdi>
                  </>
                ) : null}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <MuiTextField
            {...params}
            label={<FieldTitle label={`${R}.fields.policy_id`} source="policy_id" resource="claims" isRequired={isRequired} />}
            placeholder={t(`${R}.picker.placeholder`)}
            error={Boolean(error)}
            helperText={<InputHelperText error={error} helperText={`${R}.picker.help`} />}
            slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'policy-picker' } }}
          />
        )}
      />
      {picked && picked.policy_id === value && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="policy-picked">
          {t(`${R}.picker.picked`, {
            holder: picked.holder_name ?? picked.holder_id ?? '—',
            status: t(`${R}.policy_statuses.${picked.policy_status}`, { _: picked.policy_status }),
            cover: picked.cover_from && picked.cover_to ? `${f.date(picked.cover_from)} – ${f.date(picked.cover_to)}` : t(`${R}.no_cover`),
          })}
        </Typography>
      )}
    </Box>
  );
}
