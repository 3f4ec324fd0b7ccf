import TatamiModel
import TatamiBase
import TatamiYAML

/// The modifiers, by what the validator does with them.
enum ModifierName: String {
    case fixedSize, aspectRatio, frame, padding, background, overlay, border, offset, other

    init(_ name: String) {
        self = ModifierName(rawValue: name) ?? .other
    }
}

/// The keys of the modifiers' mappings, with the indexes of those read by name.
final class ModifierKeys: Sendable {
    static let shared = ModifierKeys()

    let fixedSize = ObjectKeys.fixedSize
    let aspectRatio = ObjectKeys.aspectRatio
    let padding = ObjectKeys.padding
    let border = ObjectKeys.border
    let offset = ObjectKeys.offset
    let frame = ObjectKeys.frame

    let horizontal, vertical: Int
    let ratio, contentMode: Int
    let top, bottom, leading, trailing, paddingHorizontal, paddingVertical: Int
    let style: Int
    let x, y: Int
    /// A fixed frame's size keys, and a flexible frame's bound keys.
    let frameFixed, frameFlexible: KeySet
    let width, height, minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight, frameAlignment: Int

    private init() {
        horizontal = fixedSize.id("horizontal")
        vertical = fixedSize.id("vertical")
        ratio = aspectRatio.id("ratio")
        contentMode = aspectRatio.id("contentMode")
        top = padding.id("top")
        bottom = padding.id("bottom")
        leading = padding.id("leading")
        trailing = padding.id("trailing")
        paddingHorizontal = padding.id("horizontal")
        paddingVertical = padding.id("vertical")
        style = border.id("style")
        x = offset.id("x")
        y = offset.id("y")
        frameFixed = frame.mask(Schema.frameFixedKeys.map(\.name))
        frameFlexible = frame.mask(Schema.frameFlexibleKeys.map(\.name))
        width = frame.id("width")
        height = frame.id("height")
        minWidth = frame.id("minWidth")
        idealWidth = frame.id("idealWidth")
        maxWidth = frame.id("maxWidth")
        minHeight = frame.id("minHeight")
        idealHeight = frame.id("idealHeight")
        maxHeight = frame.id("maxHeight")
        frameAlignment = frame.id("alignment")
    }
}
