import TatamiModel
import TatamiBase
import TatamiYAML

/// The modifiers the validator reads itself, by name: those whose value is a view
/// (`background`, `overlay`) or whose reading needs more than `SchemaValue` gives (a frame's
/// fixed or flexible keys, the shorthands of `fixedSize`, `aspectRatio` and `padding`).
/// `other` is every modifier the schema table makes from its checked value (`KeySpec.modifier`):
/// a new modifier key needs no case here.
enum ModifierName: String, CaseIterable {
    case fixedSize, aspectRatio, frame, padding, background, overlay, other

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
    let frame = ObjectKeys.frame

    let horizontal, vertical: Int
    let ratio, contentMode: Int
    let top, bottom, leading, trailing, paddingHorizontal, paddingVertical: Int
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
