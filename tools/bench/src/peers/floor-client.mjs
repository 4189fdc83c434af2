// The floor of issue 12: the least a Node client can do with a streamed reply — fetch it, parse
// the SSE, write the text to stdout as it arrives. Plain JavaScript, no loader, no dependencies.
// Usage: node floor-client.mjs <mock-llm url> <prompt>
const [url, prompt] = process.argv.slice(2);
const response = await fetch(`${url}/v1/chat/completions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
  body: JSON.stringify({
    model: 'bench',
    stream: true,
    messages: [{ role: 'user', content: prompt }],
  }),
});
if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
const decoder = new TextDecoder();
let buffer = '';
for await (const bytes of response.body) {
  buffer += decoder.decode(bytes, { stream: true });
  let end;
  while ((end = buffer.indexOf('\n\n')) !== -1) {
    const event = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    for (const line of event.split('\n')) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const text = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content;
      if (text) process.stdout.write(text);
    }
  }
}
process.stdout.write('\n');
