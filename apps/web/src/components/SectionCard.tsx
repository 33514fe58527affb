import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';

/**
 * On a phone a row of eight columns cannot be read sideways: each row becomes a block and each
 * cell carries its column's name above its value (the header row stays for screen readers).
 */
function stackedOnPhone(theme: Theme, columns: string[]) {
  return {
    [theme.breakpoints.down('sm')]: {
      '& table, & tbody, & tbody tr, & tbody td, & tbody th': { display: 'block' },
      '& thead': {
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      },
      '& tbody tr': {
        paddingBlock: 1.5,
        paddingInline: 2,
        borderBlockEnd: `1px solid ${theme.palette.divider}`,
      },
      '& tbody tr > *': { border: 'none', paddingBlock: 0.5, paddingInline: 0, whiteSpace: 'normal' },
      // A cell with nothing in it (no action on this row) takes no line.
      '& tbody tr > :empty': { display: 'none' },
      '& tbody tr > *::before': {
        display: 'block',
        ...theme.typography.caption,
        fontWeight: 600,
        color: theme.palette.text.secondary,
      },
      ...Object.fromEntries(
        columns.map((column, index) => [
          `& tbody tr > :nth-child(${index + 1})::before`,
          { content: JSON.stringify(column) },
        ]),
      ),
    },
  };
}

/**
 * A console section: a titled card with an action, and a table of rows that scrolls sideways
 * on a narrow screen and stacks on a phone; a skeleton while loading, an empty state when there
 * is nothing yet.
 */
export function SectionCard(props: {
  id: string;
  title: string;
  action: ReactNode;
  columns: string[];
  loading: boolean;
  problem?: ReactNode;
  empty: { icon: ReactNode; title: string; description?: string } | undefined;
  children: ReactNode;
}) {
  const body = () => {
    if (props.problem) return <Stack sx={{ padding: 2 }}>{props.problem}</Stack>;
    if (props.loading) {
      return (
        <Stack sx={{ gap: 1, padding: 2 }}>
          {[0, 1].map((row) => (
            <Skeleton key={row} variant="rounded" height={40} />
          ))}
        </Stack>
      );
    }
    if (props.empty) return <EmptyState dense {...props.empty} />;
    return (
      <TableContainer
        role="region"
        tabIndex={0}
        aria-labelledby={props.id}
        sx={(theme) => ({ overflowX: 'auto', position: 'relative', ...stackedOnPhone(theme, props.columns) })}
      >
        <Table size="small" sx={{ minWidth: { sm: 860 } }}>
          <TableHead>
            <TableRow>
              {props.columns.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 650, whiteSpace: 'nowrap' }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{props.children}</TableBody>
        </Table>
      </TableContainer>
    );
  };
  return (
    <Card component="section" aria-labelledby={props.id}>
      <CardHeader
        title={props.title}
        slotProps={{ title: { id: props.id, component: 'h3', variant: 'h6' } }}
        action={props.action}
        // On a narrow screen the action (a button, a search field) wraps below the title.
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          '& .MuiCardHeader-action': { alignSelf: 'center', margin: 0, maxWidth: '100%' },
        }}
      />
      {body()}
    </Card>
  );
}
