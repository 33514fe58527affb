import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';

/**
 * A document under review, fetched with the reviewer's session: an image inline, a PDF as a link
 * to open it (KYC and KYB queues). `documentKey` names the document: a new one is fetched again.
 */
export function DocumentPreview(props: {
  documentKey: string;
  /** The document's type, or undefined when there is none to show. */
  contentType: string | undefined;
  load: () => Promise<Blob>;
  alt: string;
  missingLabel: string;
  openPdfLabel: string;
  testId?: string;
}) {
  const { documentKey, contentType, load } = props;
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!contentType) return;
    let objectUrl: string | undefined;
    let live = true;
    load().then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setUrl(objectUrl);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // `load` is a new function on each render; the document is what `documentKey` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documentKey, contentType]);

  const frame = { width: { xs: '100%', md: 280 }, flexShrink: 0 };
  if (!contentType || failed) {
    return (
      <Alert severity="warning" sx={frame}>
        {props.missingLabel}
      </Alert>
    );
  }
  if (!url) return <Skeleton variant="rounded" height={180} sx={frame} />;
  if (contentType === 'application/pdf') {
    return (
      <Box sx={frame}>
        <Link href={url} target="_blank" rel="noopener">
          {props.openPdfLabel}
        </Link>
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt={props.alt}
      data-testid={props.testId}
      sx={{
        ...frame,
        maxHeight: 240,
        objectFit: 'contain',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}
