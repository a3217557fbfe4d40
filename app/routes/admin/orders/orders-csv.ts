export function loader() {
  return new Response("", { headers: { "content-type": "text/csv; charset=utf-8" } });
}
