import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import toast from 'react-hot-toast';
import { DESK_SCREEN, languageName } from '#domain/quote-texts';
import { usePatchInquiry } from '../api/inquiries';
import { useLocales } from '../api/locales';
import { MoveMenu } from './MoveMenu';

/**
 * The language the buyer receives everything in (ADR 0036), as a badge: shown only when the shop
 * has more than one. With `change`, staff who work requests may pick another.
 */
export function BuyerLanguage({
  inquiryId,
  locale,
  change = false,
  withLabel = false,
}: {
  inquiryId: number;
  locale: string;
  change?: boolean;
  withLabel?: boolean;
}) {
  const locales = useLocales();
  const patch = usePatchInquiry(inquiryId);
  const all = locales.data?.locales ?? [];
  if (all.length < 2) return null;
  const badge = (
    <Badge
      variant="light"
      color="gray"
      size="sm"
      tt="none"
      data-testid="buyer-language"
      title={DESK_SCREEN.language}
    >
      <VisuallyHidden>{DESK_SCREEN.language} </VisuallyHidden>
      {languageName(locale)}
    </Badge>
  );
  if (!withLabel && !change) return badge;
  return (
    <div>
      {withLabel && (
        <Text size="xs" fw={500} mb={4}>
          {DESK_SCREEN.language}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap">
        {badge}
        {change && (
          <MoveMenu
            label={DESK_SCREEN.languageChange}
            moves={all.filter((l) => l !== locale)}
            labelOf={languageName}
            loading={patch.isPending}
            onMove={(next) =>
              patch.mutate({ locale: next }, { onSuccess: () => toast.success(DESK_SCREEN.languageChanged) })
            }
          />
        )}
      </Group>
    </div>
  );
}
