import Box from '@mui/material/Box';

/** An e-mail that, when it must wrap, wraps after its @ rather than mid-word. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <Box component="span" dir="ltr" sx={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </Box>
  );
}
