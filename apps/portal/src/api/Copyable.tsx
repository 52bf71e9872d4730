import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';

/** A value to copy (ids, secrets, links): left-to-right in either language, wrapping on a phone. */
export function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useTranslate();
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, bgcolor: '#f1f5f9', borderRadius: 1, px: 1.5, py: 1 }}>
        <Typography
          data-testid={testId}
          dir="ltr"
          sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 14, wordBreak: 'break-all', flex: 1 }}
        >
          {value}
        </Typography>
        <Tooltip title={t(copied ? 'portal.copied' : 'portal.copy')}>
          <IconButton
            size="small"
            aria-label={`${t('portal.copy')}: ${label}`}
            onClick={() => {
              void navigator.clipboard?.writeText(value).catch(() => undefined);
              setCopied(true);
            }}
          >
            <ContentCopy fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
