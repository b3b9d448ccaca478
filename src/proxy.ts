import { type NextRequest, NextResponse } from "next/server";

// Account layouts redirect signed-out visitors to the login route with the path to come
// back to; server components cannot read the URL, so it travels in a request header.
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-pathname", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/account/:path*"],
};
