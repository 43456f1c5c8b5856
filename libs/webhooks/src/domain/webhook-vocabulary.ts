/** The words of contract §14.4–§14.6: an endpoint's status and why it is disabled, a delivery's status. */

export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** `manual` by a client's `PATCH`, `gone` after a `410`, `failing` after ten failed deliveries in a row. */
export const DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
