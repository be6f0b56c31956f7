import type { FormReply } from './post-form';

/** How long an upload may take: 20 s, and one more second for every 100 KB sent (a slow phone's uplink). */
const timeoutFor = (body: FormData) =>
  [...body.values()].reduce((ms, value) => ms + (typeof value === 'string' ? 0 : value.size / 100), 20_000);

/**
 * Posts form data with files, as postForm does, and reports the upload's progress in whole percent
 * (fetch cannot tell how much of a body is sent; XMLHttpRequest can). Resolves to null, logged with
 * the label, when the request never got an answer.
 */
export function uploadForm(
  endpoint: string,
  body: FormData,
  label: string,
  onProgress: (percent: number) => void,
): Promise<FormReply | null> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    request.setRequestHeader('Accept', 'text/plain');
    request.timeout = timeoutFor(body);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((100 * event.loaded) / event.total));
    };
    request.onload = () =>
      resolve({
        status: request.status,
        text: request.responseText,
        header: (name) => request.getResponseHeader(name),
      });
    request.onerror = request.ontimeout = (event) => {
      console.error(`${label} could not be sent:`, event.type);
      resolve(null);
    };
    request.send(body);
  });
}
