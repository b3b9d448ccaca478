// Component tests (vitest project "component", jsdom): unmount after each test, and the browser
// APIs jsdom lacks that our forms call (scrolling a field or the error banner into view).
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
