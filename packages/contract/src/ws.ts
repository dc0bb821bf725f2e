import { z } from 'zod';

export const clientMessageSchema = z.object({
  type: z.string().min(1).max(64),
  data: z.record(z.string(), z.unknown()).optional(),
  timestamp: z.string().max(64).optional(),
  userId: z.string().max(100).optional(),
  restaurantId: z.string().max(100).optional(),
});

export const staffNotificationDataSchema = z.object({
  message: z.string().trim().min(1).max(500),
});

export const wsStaffQuerySchema = z.object({
  token: z.string().min(1).max(200),
  userId: z.string().max(100).optional(),
  role: z.string().max(20).optional(),
  restaurantId: z.string().max(100).optional(),
  lastSeq: z.coerce.number().int().min(0).optional(),
});

export const wsGuestQuerySchema = z.object({
  tableToken: z.string().min(1).max(200),
  lastSeq: z.coerce.number().int().min(0).optional(),
});
