import { useMutation } from '@tanstack/react-query';
import { DESK_SCREEN } from '#domain/quote-texts';
import { api } from './client';

/**
 * A staff note added to a record (`POST {record}/notes`: a request, an order, a customer or a
 * company), then whatever the record's screens read is refreshed by `changed`.
 */
export function useAddStaffNote(record: string, changed: () => unknown) {
  return useMutation({
    mutationFn: async (body: string) => {
      await api.post(`${record}/notes`, { body });
    },
    onSuccess: () => changed(),
    meta: { errorMessage: DESK_SCREEN.noteFailed },
  });
}
