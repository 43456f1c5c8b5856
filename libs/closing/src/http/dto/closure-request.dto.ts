/** `POST …/closure/requests/{request_id}/cancel`: the optional body has no fields. */
export class CancelClosureRequestBody {}
