#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's processors, for stages that only start a helper thread when another processor
/// can run it (the parse's reading thread, the heap prefaulter).
public enum Processors {
    /// Processors online now; 1 where that cannot be asked.
    public static var online: Int {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
        return 1
        #endif
    }
}
