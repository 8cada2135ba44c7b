// V8 flags the server runs with (npm start, benchmarks). A 2 MB young generation (default 16 MB per
// semi-space) keeps the short-lived buffers of streamed uploads and downloads from growing RSS by
// tens of MB; the 2 GB upload bench stays under its 150 MB budget with no loss of throughput.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];
