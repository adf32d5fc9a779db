import { AspectRatio, Center, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { ProductImage } from '#domain/products';
import { StoredImage } from '../../components/product/StoredImage';

const THUMB_SIZE = 64;

/** The preview's gallery: one large image and a row of thumbnails that choose it. */
export function Gallery({ images, productName }: { images: ProductImage[]; productName: string }) {
  const [chosen, setChosen] = useState(0);
  // An image deleted meanwhile must not leave the choice pointing past the end.
  const current = images[Math.min(chosen, images.length - 1)];
  const altOf = (image: ProductImage, i: number) => image.alt || `${productName}, image ${i + 1}`;

  return (
    <Stack gap="sm">
      <AspectRatio
        ratio={1}
        bg="var(--app-color-frame)"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        {current ? (
          <StoredImage url={current.url} alt={altOf(current, images.indexOf(current))} fit="contain" />
        ) : (
          <Center>
            <Text c="dimmed">No Image</Text>
          </Center>
        )}
      </AspectRatio>
      {images.length > 1 && (
        <Group gap="xs" role="group" aria-label="Images">
          {images.map((image, i) => (
            <UnstyledButton
              key={image.id}
              onClick={() => setChosen(i)}
              aria-label={`Show image ${i + 1}`}
              aria-pressed={image === current}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                outline: image === current ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                outlineOffset: 2,
              }}
            >
              <StoredImage
                url={image.url}
                thumb
                alt=""
                w={THUMB_SIZE}
                h={THUMB_SIZE}
                fit="cover"
                radius="sm"
                loading="lazy"
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
