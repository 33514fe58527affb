import OpenInNew from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** An icon link to a block-explorer page, opened in a new tab; `label` names what it shows. */
export function ExplorerIconLink({ href, label }: { href: string; label: string }) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
      >
        <OpenInNew fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
