// Insights (issue 31): the institution dashboard's aggregates, the sessions to narrow it to, and the
// operator's item analysis of an exam version (JSON, and the CSV for psychometricians).
import type { z } from 'zod';
import type { InsightsResponse, insightsResponseSchema, ItemAnalysisResponse, itemAnalysisResponseSchema } from '../../../../../contracts/admin-insights.ts';
import type { sessionListResponseSchema, TestSession } from '../../../../../contracts/admin-sessions.ts';
import { apiPaths, fillPath } from '../../../../../contracts/api-paths.ts';
import { downloadFile, staffApi } from '../../../lib/api/staff-client.ts';

export type { InsightsResponse, ItemAnalysisResponse };
export interface InsightsFilter { institution: string | null; from: string; to: string; session: string }

export async function getInsights(f: InsightsFilter): Promise<InsightsResponse> {
  const params = { ...(f.institution ? { institution: f.institution } : {}), ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}), ...(f.session ? { session: f.session } : {}) };
  return (await staffApi.get<z.infer<typeof insightsResponseSchema>>(apiPaths.admin.insights, { params })).data.data;
}

/** The newest sessions of the scope, for the filter (names only). */
export async function recentSessions(institution: string | null): Promise<TestSession[]> {
  const params = { limit: 100, page: 1, ...(institution ? { institution } : {}) };
  return (await staffApi.get<z.infer<typeof sessionListResponseSchema>>(apiPaths.admin.sessions, { params })).data.data.list;
}

export async function getItemAnalysis(examId: string): Promise<ItemAnalysisResponse> {
  return (await staffApi.get<z.infer<typeof itemAnalysisResponseSchema>>(fillPath(apiPaths.adminOperator.examItemAnalysis, { id: examId }))).data.data;
}

export const downloadItemAnalysisCsv = (examId: string) =>
  downloadFile(fillPath(apiPaths.adminOperator.examItemAnalysisCsv, { id: examId }), {}, `analisis-butir-${examId}.csv`);
