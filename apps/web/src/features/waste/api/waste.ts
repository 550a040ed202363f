import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approveWaste,
  getWaste,
  getWastePhoto,
  listWaste,
  listWasteEvents,
  putWastePhoto,
  recordWaste,
  rejectWaste,
  setWasteApprovalThreshold,
  type ListWasteQuery,
  type RecordWasteBody,
} from '@ipos/contracts';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { useObjectUrl } from '../../../lib/object-url';
import { activeStoreId } from '../../../lib/active-store';

/**
 * The waste endpoints (packages/contracts/src/waste/waste.ts) as TanStack Query hooks. Records
 * belong to the active store, so its id is in every key; every key starts with 'waste'.
 */
const wasteKey = ['waste'] as const;

export function useWasteList(query: ListWasteQuery) {
  return useQuery({
    queryKey: [...wasteKey, activeStoreId(), 'list', query] as const,
    queryFn: ({ signal }) => apiRequest(listWaste, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const recordKey = (wasteId: string) => [...wasteKey, activeStoreId(), 'record', wasteId] as const;

export function useWaste(wasteId: string) {
  return useQuery({
    queryKey: recordKey(wasteId),
    queryFn: ({ signal }) => apiRequest(getWaste, { params: { wasteId }, signal }),
  });
}

export function useWasteEvents(wasteId: string) {
  return useQuery({
    queryKey: [...recordKey(wasteId), 'events'] as const,
    queryFn: ({ signal }) => apiRequest(listWasteEvents, { params: { wasteId }, signal }),
  });
}

/** The photo as an object URL (the API wants the token, so an <img src> cannot fetch it itself). */
export function useWastePhotoUrl(wasteId: string, hasPhoto: boolean, version: string) {
  const photo = useQuery({
    queryKey: [...recordKey(wasteId), 'photo', version] as const,
    queryFn: ({ signal }) => apiBlob(getWastePhoto, { params: { wasteId }, signal }),
    enabled: hasPhoto,
    staleTime: Infinity,
  });
  const url = useObjectUrl(hasPhoto ? photo.data : undefined);
  return { url, isPending: hasPhoto && photo.isPending, isError: photo.isError };
}

/**
 * Waste moves stock, the list's totals and the store's figures: refresh everything but the
 * account's own queries.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'accounts' });
}

export function useRecordWaste() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RecordWasteBody; idempotencyKey: string }) =>
      apiRequest(recordWaste, { body, idempotencyKey }),
    onSuccess: () => refresh(),
  });
}

export function useApproveWaste() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ wasteId, idempotencyKey }: { wasteId: string; idempotencyKey: string }) =>
      apiRequest(approveWaste, { params: { wasteId }, body: {}, idempotencyKey }),
    onSuccess: () => refresh(),
  });
}

export function useRejectWaste() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ wasteId, reason }: { wasteId: string; reason: string }) =>
      apiRequest(rejectWaste, { params: { wasteId }, body: { reason } }),
    onSuccess: () => refresh(),
  });
}

export function usePutWastePhoto() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ wasteId, file }: { wasteId: string; file: Blob }) =>
      apiRequest(putWastePhoto, { params: { wasteId }, file }),
    onSuccess: () => refresh(),
  });
}

/** Changes the store's threshold; GET /stores/current (every screen's store) shows the new one. */
export function useSetWasteThreshold() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (thresholdMinor: number) => apiRequest(setWasteApprovalThreshold, { body: { thresholdMinor } }),
    onSuccess: () => refresh(),
  });
}
