import { Image, type ImageProps } from '@mantine/core';
import { useState } from 'react';
import { thumbnailUrl } from '#domain/images';

type Props = Omit<ImageProps, 'src'> & {
  url: string;
  alt: string;
  thumb?: boolean;
  loading?: 'lazy' | 'eager';
};

/** A stored product image, its small version where that is enough, the full one if that fails. */
export function StoredImage({ url, thumb = false, ...props }: Props) {
  const [failed, setFailed] = useState(false);
  const src = thumb && !failed ? (thumbnailUrl(url) ?? url) : url;
  return <Image {...props} src={src} onError={() => setFailed(true)} />;
}
