import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT_LIMITS } from '#domain/constants';
import { INQUIRY_LIMITS, INQUIRY_TEXT } from '#domain/inquiries';
import type { ProductBase } from '#domain/products';
import { useSendInquiry } from '../../api/inquiries';
import { FormWithActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { refuse } from '../../components/refuse';

type Props = { product: ProductBase; opened: boolean; onClose: () => void };

/** The form is prefilled with a subject and a message naming the product and its SKU. */
export function quotePrefill(product: Pick<ProductBase, 'name' | 'sku'>) {
  const named = product.sku ? `${product.name} (SKU: ${product.sku})` : product.name;
  const subject = `Quote request: ${named}`;
  return {
    // A long name with a long SKU can pass the subject's limit; cut it rather than prefill a
    // form the server would refuse.
    subject:
      subject.length > INQUIRY_LIMITS.subject ? `${subject.slice(0, INQUIRY_LIMITS.subject - 1)}…` : subject,
    message: `Hello,\n\nI would like a quote for ${named}. Please send me your best price and availability.\n\nThank you.`,
  };
}

/** Request Quote (product preview): sends an inquiry about this product. */
export function QuoteRequestModal({ product, opened, onClose }: Props) {
  const send = useSendInquiry();
  return (
    <FormModal opened={opened} title="Request Quote" saving={send.isPending} onClose={onClose}>
      <QuoteForm product={product} send={send} onCancel={onClose} onSent={onClose} />
    </FormModal>
  );
}

type FormProps = {
  product: ProductBase;
  send: ReturnType<typeof useSendInquiry>;
  onCancel: () => void;
  onSent: () => void;
};

function QuoteForm({ product, send, onCancel, onSent }: FormProps) {
  const [prefill] = useState(() => quotePrefill(product));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [subject, setSubject] = useState(prefill.subject);
  const [message, setMessage] = useState(prefill.message);

  const submit = () => {
    const fields = {
      name: name.trim(),
      email: email.trim(),
      subject: subject.trim(),
      message: message.trim(),
    };
    if (!fields.name || !fields.email || !fields.subject || !fields.message) {
      return refuse(INQUIRY_TEXT.required);
    }
    send.mutate(
      { ...fields, phone: phone.trim() || null, product_id: product.id },
      {
        onSuccess: () => {
          toast.success(INQUIRY_TEXT.sent);
          onSent();
        },
      },
    );
  };

  const sending = send.isPending;
  return (
    <FormWithActions onSubmit={submit} saving={sending} onCancel={onCancel} saveLabel="Send">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Name"
          required
          data-autofocus
          autoComplete="name"
          value={name}
          maxLength={TEXT_LIMITS.name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={sending}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={email}
          maxLength={TEXT_LIMITS.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          disabled={sending}
        />
        <TextInput
          label="Phone"
          type="tel"
          placeholder="Optional"
          autoComplete="tel"
          value={phone}
          maxLength={INQUIRY_LIMITS.phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          disabled={sending}
        />
      </SimpleGrid>
      <TextInput
        label="Subject"
        required
        value={subject}
        maxLength={INQUIRY_LIMITS.subject}
        onChange={(e) => setSubject(e.currentTarget.value)}
        disabled={sending}
      />
      <Textarea
        label="Message"
        required
        // The theme drops the asterisk on inputs; the textarea follows (exact label lookups).
        withAsterisk={false}
        autosize
        minRows={4}
        maxRows={10}
        value={message}
        maxLength={INQUIRY_LIMITS.message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        disabled={sending}
      />
    </FormWithActions>
  );
}
