import { FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';

/** The app bar's search: Enter opens the search page with the query; on a phone only the icon, which opens the page. */
export function SearchBox() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(text.trim() ? `/search?q=${encodeURIComponent(text.trim())}` : '/search');
    setText('');
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ display: 'flex', alignItems: 'center', mx: 1, bgcolor: { sm: 'rgba(255,255,255,.15)' }, borderRadius: 1 }}
    >
      <IconButton type="submit" color="inherit" size="small" aria-label={t('search.title')}>
        <SearchIcon fontSize="small" />
      </IconButton>
      <InputBase
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('search.title')}
        inputProps={{ 'aria-label': t('search.box'), 'data-testid': 'global-search' }}
        sx={{ color: 'inherit', width: { md: 220, sm: 140 }, display: { xs: 'none', sm: 'block' }, fontSize: 14, pe: 1 }}
      />
    </Box>
  );
}
