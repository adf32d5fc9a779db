import { Alert, Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEyeOff, IconMessageDollar } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type ContentSection, contentSections, sectionTitle } from '#domain/product-content';
import { PRODUCT_STATUS_TEXT, type ProductBundle } from '#domain/products';
import { formatPrice } from '../../api/currency';
import { useProductBundle } from '../../api/products';
import { DetailList } from '../../components/DetailList';
import { discountLabel } from '../../components/product/discountLabel';
import { ProductLoadError, ProductLoading } from '../../components/product/ProductLoadState';
import { SectionView } from '../../components/product/SectionViews';
import { Gallery } from './Gallery';
import { QuoteRequestModal } from './QuoteRequestModal';

/** Product preview (/product/{slug}/preview): the product as a viewer sees it. */
export function ProductPreviewPage() {
  const { slug = '' } = useParams();
  const bundle = useProductBundle(slug);
  return (
    <>
      <Button
        component={Link}
        to={`/product/${slug}`}
        variant="subtle"
        size="xs"
        px={4}
        mb="xs"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        Back
      </Button>
      {bundle.data ? (
        <ProductPreview bundle={bundle.data} />
      ) : bundle.isError ? (
        <ProductLoadError error={bundle.error} onRetry={() => bundle.refetch()} />
      ) : (
        <ProductLoading />
      )}
    </>
  );
}

function ProductPreview({ bundle }: { bundle: ProductBundle }) {
  const { base, price, discounts } = bundle;
  const [quoting, setQuoting] = useState(false);
  const draftQuoteId = useId();
  const discounted = price.final < price.mrp;
  const best = discounts.best;

  return (
    <Stack gap="xl">
      {base.status === 'draft' && (
        <Alert variant="light" color="yellow" icon={<IconEyeOff size={18} aria-hidden />}>
          {PRODUCT_STATUS_TEXT.draftBanner}
        </Alert>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Gallery images={bundle.images} productName={base.name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {base.name}
            </Title>
            {base.description && <Text style={{ whiteSpace: 'pre-line' }}>{base.description}</Text>}
            <DetailList
              items={[
                { label: 'Brand', value: base.brand },
                { label: 'Category', value: base.category },
                { label: 'SKU', value: base.sku },
                {
                  label: 'MRP',
                  value: (
                    <Text
                      span
                      td={discounted ? 'line-through' : undefined}
                      c={discounted ? 'dimmed' : undefined}
                    >
                      {formatPrice(price.mrp)}
                    </Text>
                  ),
                },
                {
                  label: 'Best discount',
                  value: best ? (
                    <Badge color="red" variant="light">
                      {discountLabel(best)}
                    </Badge>
                  ) : null,
                },
                {
                  label: 'Final price',
                  value: (
                    <Text span fw={700} size="xl" data-testid="preview-final-price">
                      {formatPrice(price.final)}
                    </Text>
                  ),
                },
              ]}
            />
            <Group>
              {base.status === 'draft' ? (
                <>
                  {/* Not the disabled attribute: the button keeps its focus, and says why it does nothing. */}
                  <Button
                    size="md"
                    leftSection={<IconMessageDollar size={18} aria-hidden />}
                    data-disabled
                    aria-disabled="true"
                    aria-describedby={draftQuoteId}
                    onClick={(e) => e.preventDefault()}
                  >
                    Request Quote
                  </Button>
                  <Text size="sm" c="dimmed" id={draftQuoteId}>
                    {PRODUCT_STATUS_TEXT.quoteDraft}
                  </Text>
                </>
              ) : (
                <Button
                  size="md"
                  leftSection={<IconMessageDollar size={18} aria-hidden />}
                  onClick={() => setQuoting(true)}
                >
                  Request Quote
                </Button>
              )}
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
      {contentSections(bundle).map((item) => (
        <PreviewSection key={item.block.id} item={item} />
      ))}
      <QuoteRequestModal product={base} opened={quoting} onClose={() => setQuoting(false)} />
    </Stack>
  );
}

function PreviewSection({ item }: { item: ContentSection }) {
  const titleId = useId();
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {sectionTitle(item)}
      </Title>
      <SectionView section={item} />
    </Card>
  );
}
