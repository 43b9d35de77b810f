// `shared-ui/landing`: the pieces the landings share (the add-on's and the comment filter's;
// the text tool's uses renderWhenNear): the store badge, the demo video, the FAQ disclosure
// list, and the rule that defers a section below the hero until it is near. A subpath of its own, not
// the `shared-ui` entry: that one is a federation singleton, never tree-shaken, so all it exports
// is on every first page (the shell's too); these are bundled by the remotes that use them. They
// import little else of shared-ui (its theme as `cssVar`, CarryLink), as a remote bundles a second
// copy of whatever they import (an import of 'shared-ui' from inside shared-ui is not shared).
export { FaqList, type FaqItem, type FaqBlock, type FaqLink } from './faq/FaqList';
export { DemoVideo, type DemoVideoAsset } from './media/DemoVideo';
export { StoreBadge, type StoreBadgeProps } from './primitives/StoreBadge';
export { renderWhenNear } from './primitives/render-when-near';
