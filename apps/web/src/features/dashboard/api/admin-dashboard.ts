import { useQuery } from '@tanstack/react-query';
import { getAdminDashboard } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Admin mode: GET /api/v1/admin/dashboard, figures across the owner's businesses. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => apiRequest(getAdminDashboard, { signal }),
  });
}
