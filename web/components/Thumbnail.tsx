import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { thumbnailUrl } from '#domain/images';

const SIZE = 40;
const frame = { borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-3)' };

/**
 * A stored image's small version for table cells. Decorative (the row's name says what it is);
 * falls back to the full image if the thumbnail is missing, and to an icon when there is none.
 */
export function Thumbnail({ url }: { url: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!url) {
    return (
      <Center w={SIZE} h={SIZE} bg="var(--app-color-frame)" style={frame} aria-hidden>
        <IconPhoto size={18} color="var(--mantine-color-gray-5)" />
      </Center>
    );
  }
  return (
    <Image
      src={failed ? url : thumbnailUrl(url)}
      onError={() => setFailed(true)}
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
