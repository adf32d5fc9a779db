import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { thumbnailUrl } from '#domain/images';

const SIZE = 40;
const frame = { borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-3)' };

/**
 * Which picture a cell has: a stored image's full URL (a category's image, a brand's logo), whose
 * thumbnail is derived here, or a thumbnail URL the API already chose (the products list sends
 * its rows' thumbnails), shown as it is.
 */
export type ThumbnailSource = { image: string | null | undefined } | { thumbnail: string | null | undefined };

function sources(props: ThumbnailSource): { src: string | null; fallback: string | null } {
  if ('thumbnail' in props) return { src: props.thumbnail ?? null, fallback: null };
  return { src: thumbnailUrl(props.image), fallback: props.image ?? null };
}

/**
 * A stored image's small version for table cells. Decorative (the row's name says what it is);
 * falls back to the full image if a derived thumbnail is missing, and to an icon when there is
 * no picture or it cannot load.
 */
export function Thumbnail(props: ThumbnailSource) {
  const { src, fallback } = sources(props);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === null ? src : failed === src ? fallback : null;
  if (!shown) {
    return (
      <Center w={SIZE} h={SIZE} bg="var(--app-color-frame)" style={frame} aria-hidden>
        <IconPhoto size={18} color="var(--mantine-color-gray-5)" />
      </Center>
    );
  }
  return (
    <Image
      src={shown}
      onError={() => setFailed(shown)}
      alt=""
      w={SIZE}
      h={SIZE}
      miw={SIZE}
      fit="cover"
      loading="lazy"
      style={frame}
    />
  );
}
