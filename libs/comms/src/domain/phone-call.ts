/** One commitment taken from a call (`#25`): ticked `completed` through `PATCH`. The call itself is its declaration's. */
export interface ActionItem {
  description: string;
  completed: boolean;
}
