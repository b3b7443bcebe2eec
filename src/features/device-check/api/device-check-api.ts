import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import type { OrderDetailFull } from '../../../../contracts/exam-delivery.ts';
import type { InstitutionDetail, OrderSettings } from '../../../../contracts/orders.ts';
import { api } from '../../../lib/api-client.ts';
import type { Device } from '../device-check-machine.ts';

/** The order as the server has it: its licence, whether it is an institution's, and its status. */
export async function getOrder(id: string): Promise<Pick<OrderDetailFull, 'license' | 'order'>> {
  return (await api.get<{ data: OrderDetailFull }>(fillPath(apiPaths.order.detailFull, { id }))).data.data;
}

export async function getInstitution(id: string): Promise<InstitutionDetail> {
  return (await api.get<{ data: InstitutionDetail }>(fillPath(apiPaths.institution.detail, { id }))).data.data;
}

/** The candidate continued although a device failed: noted on the order (shown in detail-full). */
export async function reportDevice(orderId: string, device: Device, problem: string): Promise<void> {
  await api.post(fillPath(apiPaths.order.deviceReport, { id: orderId }), { device, problem });
}

export async function saveSettings(licence: string, settings: OrderSettings): Promise<void> {
  await api.put(fillPath(apiPaths.order.updateSetting, { license: licence }), settings);
}

export async function signalStart(orderId: string): Promise<void> {
  await api.put(fillPath(apiPaths.order.updateStartTest, { id: orderId }));
}
