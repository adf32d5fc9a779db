import '@mantine/dropzone/styles.css';
import { Checkbox, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { checkImageFile, IMAGE_ACCEPT, IMAGE_MAX_SIZE_TEXT, type ImageMessages } from '#domain/images';
import { refuse } from './refuse';
import { UploadProgress } from './UploadProgress';

/** The new file, if any, and whether the stored image should go. */
export type ImageChoice = { file: File | null; removeExisting: boolean };
export const NO_IMAGE_CHOICE: ImageChoice = { file: null, removeExisting: false };

type Props = {
  /** 'Image' or 'Logo': the field's label, also used in the preview's alt text. */
  label: string;
  /** The texts for a wrong type and a too large file (domain/messages.ts). */
  messages: ImageMessages;
  value: ImageChoice;
  onChange: (value: ImageChoice) => void;
  /** The stored image on edit. */
  existingUrl?: string | null;
  /** Upload progress in percent while a save with a file is under way. */
  progress?: number | null;
  disabled?: boolean;
};

const PREVIEW_SIZE = 96;

/** Object URL of the chosen file, released as soon as it is no longer shown. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * One image for a category or a brand: chosen with the field or dropped onto it, checked here
 * before any upload (the server decodes the bytes and decides for real), previewed, and, on
 * edit, removable.
 */
export function ImageField({ label, messages, value, onChange, existingUrl, progress, disabled }: Props) {
  const resetRef = useRef<() => void>(null);
  const chosenUrl = useObjectUrl(value.file);
  const noun = label.toLowerCase();
  const showExisting = !!existingUrl && !value.file && !value.removeExisting;
  const previewUrl = chosenUrl ?? (showExisting ? existingUrl : null);

  const choose = (file: File | null) => {
    if (!file) {
      onChange({ ...value, file: null });
      return;
    }
    const problem = checkImageFile(file, messages);
    if (problem) {
      refuse(problem);
      // The hidden input still holds the refused file; clearing it lets the same file be picked again.
      resetRef.current?.();
      return;
    }
    // Choosing a new file cancels removal of the existing one.
    onChange({ file, removeExisting: false });
  };

  return (
    <Stack gap="xs">
      {/* Dropping is an extra way in; the field stays the way to choose by click or keyboard. */}
      <Dropzone
        onDrop={(dropped) => choose(dropped[0] ?? null)}
        // Type and size are checked by choose, with the shared words, whatever the drop held.
        onReject={(rejected) => choose(rejected[0]?.file ?? null)}
        multiple={false}
        activateOnClick={false}
        activateOnKeyboard={false}
        // Its own file input is for drops only: the field is the one people and screen readers use.
        inputProps={{ 'aria-hidden': true }}
        // The field inside must take clicks and focus like any other.
        enablePointerEvents
        disabled={disabled}
        p="xs"
        radius="md"
      >
        <FileInput
          label={label}
          accept={IMAGE_ACCEPT}
          description={`JPG, PNG or WEBP, up to ${IMAGE_MAX_SIZE_TEXT}, or drop it here`}
          placeholder={`Choose ${noun === 'image' ? 'an image' : `a ${noun}`}`}
          leftSection={<IconPhoto size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': `Clear chosen ${noun}` }}
          value={value.file}
          onChange={choose}
          resetRef={resetRef}
          disabled={disabled}
        />
      </Dropzone>
      {previewUrl && (
        <Group gap="sm" align="center">
          <Image
            src={previewUrl}
            alt={chosenUrl ? `Chosen ${noun} preview` : `Current ${noun}`}
            w={PREVIEW_SIZE}
            h={PREVIEW_SIZE}
            fit="contain"
            radius="sm"
            bd="1px solid var(--mantine-color-gray-3)"
          />
          <Text size="xs" c="dimmed">
            {chosenUrl ? `New ${noun}, uploaded on save` : `Current ${noun}`}
          </Text>
        </Group>
      )}
      {existingUrl && !value.file && (
        <Checkbox
          label={`Remove existing ${noun}`}
          checked={value.removeExisting}
          onChange={(e) => onChange({ ...value, removeExisting: e.currentTarget.checked })}
          disabled={disabled}
        />
      )}
      {progress != null && <UploadProgress percent={progress} />}
    </Stack>
  );
}
