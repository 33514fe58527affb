import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type Language, languages, setLanguage } from '../i18n/i18n';
import { languageNames } from './language-names';

export function LanguageMenuList({
  anchor,
  current,
  onClose,
}: {
  anchor: HTMLElement;
  current: Language;
  onClose: () => void;
}) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language}
          selected={language === current}
          lang={language}
          onClick={() => {
            onClose();
            void setLanguage(language);
          }}
        >
          <ListItemText>{languageNames[language]}</ListItemText>
          {language === current && (
            <ListItemIcon sx={{ minWidth: 0, justifyContent: 'flex-end' }}>
              <Check fontSize="small" />
            </ListItemIcon>
          )}
        </MenuItem>
      ))}
    </Menu>
  );
}
