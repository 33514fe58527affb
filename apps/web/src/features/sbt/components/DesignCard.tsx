import CheckCircle from '@mui/icons-material/CheckCircle';
import ImageNotSupported from '@mui/icons-material/ImageNotSupported';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SbtImage } from '@portal/shared/sbt';

const imageBox = {
  display: 'block',
  width: '100%',
  aspectRatio: '1',
  borderRadius: 2,
  bgcolor: 'action.hover',
};

/** An SBT design (template): image, name and description; choosable when `onChoose` is given. */
export function DesignCard({
  design,
  selected = false,
  onChoose,
  role,
}: {
  design: SbtImage;
  selected?: boolean;
  onChoose?: () => void;
  /** 'radio' inside the design picker, where exactly one is chosen. */
  role?: 'radio';
}) {
  const { t } = useTranslation();
  // A design whose image cannot load still shows something: never an empty card.
  const [failed, setFailed] = useState(false);
  const body = (
    <>
      <Box sx={{ position: 'relative', padding: 1.25, paddingBlockEnd: 0 }}>
        {failed ? (
          <Box
            sx={{
              ...imageBox,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              color: 'text.secondary',
            }}
          >
            <ImageNotSupported aria-hidden />
            <Typography variant="body2">{t('sbt.previewUnavailable')}</Typography>
          </Box>
        ) : (
          <Box
            component="img"
            src={design.url}
            alt=""
            loading="lazy"
            onError={() => setFailed(true)}
            sx={imageBox}
          />
        )}
        {selected && (
          <CheckCircle
            color="primary"
            sx={{
              position: 'absolute',
              insetBlockStart: 18,
              insetInlineEnd: 18,
              bgcolor: 'background.paper',
              borderRadius: '50%',
            }}
          />
        )}
      </Box>
      <CardContent sx={{ padding: 2 }}>
        {/* The server names its designs in English; a design the catalogue does not know yet
            keeps that name, in its own direction. */}
        <Typography dir="auto" sx={{ fontWeight: 650 }}>
          {t(`sbt.designs.${design.id}.name`, { defaultValue: design.name })}
        </Typography>
        <Typography dir="auto" variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 0.5 }}>
          {t(`sbt.designs.${design.id}.description`, { defaultValue: design.description })}
        </Typography>
      </CardContent>
    </>
  );
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        borderWidth: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        transition: 'border-color 120ms',
      }}
    >
      {onChoose ? (
        <CardActionArea
          onClick={onChoose}
          role={role}
          aria-checked={role === 'radio' ? selected : undefined}
          sx={{
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            justifyContent: 'flex-start',
          }}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
