// Test-day sessions from the console (issue 30): list, schedule, end, and the live view's actions.
import type { z } from 'zod';
import type {
  CreateSessionRequest, liveActionResponseSchema, sessionListResponseSchema, sessionResponseSchema, TestSession,
} from '../../../../../contracts/admin-sessions.ts';
import { apiPaths, fillPath } from '../../../../../contracts/api-paths.ts';
import { staffApi } from '../../../lib/api/staff-client.ts';

type SessionList = z.infer<typeof sessionListResponseSchema>['data'];
export type { TestSession };

export async function listSessions(institution: string | null, page: number, limit: number): Promise<SessionList> {
  return (await staffApi.get<z.infer<typeof sessionListResponseSchema>>(apiPaths.admin.sessions, { params: { page, limit, ...(institution ? { institution } : {}) } })).data.data;
}

export async function createSession(body: CreateSessionRequest): Promise<{ message: string; session: TestSession }> {
  const res = (await staffApi.post<z.infer<typeof sessionResponseSchema>>(apiPaths.admin.sessions, body)).data;
  return { message: res.message, session: res.data };
}

export async function endSession(id: string, reason: string): Promise<string> {
  return (await staffApi.post<z.infer<typeof sessionResponseSchema>>(fillPath(apiPaths.admin.sessionEnd, { id }), { reason })).data.message;
}

type ActionResponse = z.infer<typeof liveActionResponseSchema>;

export async function giveExtraTime(id: string, userId: string, minutes: number, reason: string): Promise<string> {
  return (await staffApi.post<ActionResponse>(fillPath(apiPaths.admin.sessionExtraTime, { id, user_id: userId }), { minutes, reason })).data.message;
}

export async function allowReentry(id: string, userId: string, reason: string): Promise<string> {
  return (await staffApi.post<ActionResponse>(fillPath(apiPaths.admin.sessionReentry, { id, user_id: userId }), { reason })).data.message;
}

export async function sendMessage(id: string, text: string, reason: string, userId?: string): Promise<string> {
  return (await staffApi.post<ActionResponse>(fillPath(apiPaths.admin.sessionMessages, { id }), { text, reason, ...(userId ? { user_id: userId } : {}) })).data.message;
}
