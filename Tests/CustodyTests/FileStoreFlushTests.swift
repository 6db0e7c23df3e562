import Custody
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flush()` waits for the write, not for ever: a cancelled caller stops waiting at once while
/// the write goes on. The write is held by taking the folder's lock, as another process writing
/// there would hold it.
@Suite(.timeLimit(.minutes(1)))
struct FileStoreFlushTests {
  let folder: TemporaryFolder
  let file: URL

  init() throws {
    folder = try TemporaryFolder()
    file = folder.file("count.json")
  }

  @Test func aFlushCancelledWhileItWaitsReturnsAndTheWriteGoesOn() async throws {
    let store = await FileStore.open(url: file, default: 0)
    let lock = try FolderHold(folder.url)
    store.save(7)
    let flushing = Task {
      try await store.flush()
      return Task.isCancelled
    }
    for _ in 0..<20 { await Task.yield() }  // most often the flush waits by now; either way it must end
    flushing.cancel()
    #expect(try await flushing.value, "the flush returned to its cancelled caller")
    #expect(folder.text(of: "count.json") == nil, "nothing is written while the folder is locked")

    lock.release()
    try await store.flush()
    #expect(folder.text(of: "count.json") == "7", "the write went on")
  }

  @Test func aFlushFromACancelledTaskDoesNotWait() async throws {
    let store = await FileStore.open(url: file, default: 0)
    let lock = try FolderHold(folder.url)
    store.save(8)
    let flushing = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await store.flush()
      return Task.isCancelled
    }
    #expect(try await flushing.value)
    lock.release()
    try await store.flush()
    #expect(folder.text(of: "count.json") == "8")
  }

  // The same for a persisted cache, whose journal is appended under the same lock.
  @Test func aPersistedCacheFlushCancelledWhileItWaitsReturnsAndTheWriteGoesOn() async throws {
    let url = folder.file("cache.json")
    let cache = await Cache<Int, String>.open(persistingIn: url, version: 1)
    let lock = try FolderHold(folder.url)
    cache.set("kept", for: 1)
    let flushing = Task {
      try await cache.flush()
      return Task.isCancelled
    }
    for _ in 0..<20 { await Task.yield() }
    flushing.cancel()
    #expect(try await flushing.value, "the flush returned to its cancelled caller")

    lock.release()
    try await cache.flush()
    let reopened = await Cache<Int, String>.open(persistingIn: url, version: 1)
    #expect(reopened.cachedValue(for: 1) == "kept", "the write went on")
  }

  @Test func aWriteHeldByAnotherProcessCountsInFlightUntilItIsOnDisk() async throws {
    let store = await FileStore.open(url: file, default: 0)
    #expect(store.inFlightCount == 0)
    let lock = try FolderHold(folder.url)
    store.save(1)
    store.update { $0 += 1 }
    #expect(store.inFlightCount == 1, "two saves, one write waiting for the folder")
    let flushing = Task { try await store.flush() }
    #expect(store.inFlightCount == 1)

    lock.release()
    try await flushing.value
    #expect(store.inFlightCount == 0)
    #expect(folder.text(of: "count.json") == "2")
  }
}

/// An exclusive `flock` on a folder, as `FileStore` takes it around a write.
private final class FolderHold {
  private var descriptor: Int32

  init(_ folder: URL) throws {
    descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { throw POSIXError(.EBADF) }
  }

  func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }
}
