/** An Express response that records what a middleware answered (the unit tests of the input middlewares). */
export interface FakeResponse {
  statusCode?: number;
  body?: { error: { code: string; message: string; details?: Array<{ field: string; message: string }> } };
  status: jest.Mock;
  json: jest.Mock;
}

export function fakeResponse(): FakeResponse {
  const res: FakeResponse = {
    status: jest.fn((code: number) => {
      res.statusCode = code;
      return res;
    }),
    json: jest.fn((body) => {
      res.body = body;
      return res;
    }),
  };
  return res;
}
