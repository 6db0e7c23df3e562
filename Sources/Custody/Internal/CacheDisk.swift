import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a persisted cache hands to its file in one save.
enum CacheSave<Key: Sendable, Value: Sendable>: Sendable {
  /// The keys changed and used since the save before: appended to the journal.
  case append(JournalRecord<Key, Value>)
  /// Every value: the file is replaced whole (after a file of another schema, or values
  /// dropped when it was read).
  case replace(entries: [PersistedEntry<Key, Value>], savedAt: Double)
}

/// What other processes wrote to the file since this one last looked.
enum FileChanges<Key: Sendable, Value: Sendable>: Sendable {
  /// Their records, appended to the journal this process follows, in order.
  case records([JournalRecord<Key, Value>])
  /// Another process compacted the file: its values as they are now.
  case reloaded(entries: [PersistedEntry<Key, Value>], savedAt: Double)
}

/// The files of a persisted ``Cache``: a snapshot (`products.json`, a ``CacheFile`` written
/// atomically) and a journal beside it (`products.json.journal`, ``JournalFormat``) that each
/// save appends the keys it changed to, so a save writes what changed, not every value.
///
/// When the journal grows past a quarter of the snapshot (and at least ``compactionFloor``), the
/// save that made it so compacts: it folds the journal into a new snapshot of a new generation,
/// written atomically, then replaces the journal with an empty one of that generation.
/// Appending costs the bytes of the change; compacting costs the snapshot once per quarter of
/// it appended, four times the bytes of the changes at most: the bytes written per change stay
/// flat whatever the number of values, and opening reads at most a quarter more than the
/// snapshot.
///
/// Each operation takes the folder's lock (``FolderLock``), shared with other processes, and
/// first reads what they appended (or their new snapshot), so appends of two processes never
/// interleave and each sees the other's records. Every method blocks its thread: the cache
/// calls them on the disk's own serial queue, never on the cooperative pool.
final class CacheDisk<Key: Codable & Hashable & Sendable, Value: Codable & Sendable>: Sendable {
  /// What this process last saw of the files; read and changed on the queue only.
  private struct Known {
    var snapshot: FileStamp?
    var generation: UInt64 = 0
    var snapshotBytes = 0
    /// The journal followed: which file it is and where its last whole record ends; `nil` when
    /// there is none of this generation, and the next append makes one.
    var journal: (device: UInt64, inode: UInt64, end: Int)?
    /// The saves appended or written.
    var writes: UInt64 = 0
  }

  /// A journal smaller than this is never compacted: a small file's snapshot is cheap to read,
  /// and compacting it at every save or two would cost more than the records.
  static var compactionFloor: Int { 64 * 1024 }

  let url: URL
  let journalURL: URL
  let version: Int
  let limit: Int?
  let queue: DispatchQueue
  private let known = LockedState(Known())
  private let inspection: Inspection?

  init(url: URL, version: Int, limit: Int?, name: String?, inspector: (any OwnerInspector)?) {
    self.url = url
    journalURL = URL(fileURLWithPath: url.path + ".journal")
    self.version = version
    self.limit = limit
    queue = DispatchQueue(label: "Custody.Cache file \(name ?? url.lastPathComponent)")
    inspection = Inspection.unkeyed(.fileStore, name: name ?? url.lastPathComponent, inspector: inspector)
  }

  /// Runs `body` on the disk's queue and waits for it without holding a thread of the pool.
  func run<Result: Sendable>(_ body: @escaping @Sendable (CacheDisk) -> Result) async -> Result {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: body(self)) }
    }
  }

  // MARK: - On the queue

  /// Reads the snapshot and the journal's records when the cache opens: the values they hold
  /// together, and why there are none when the files could not be used. Temporary files left
  /// by a crash are removed; a corrupt snapshot is moved aside.
  func open() -> (file: CacheFile<Key, Value>, problem: CachePersistenceError?) {
    let read = { () -> (CacheFile<Key, Value>, CachePersistenceError?) in
      unlink(FileWriter.temporaryURL(for: self.journalURL).path)  // a syscall: no error object made when missing
      let snapshot = FileReader.open(self.url, decode: CacheFile<Key, Value>.decoder(expecting: self.version))
      if let problem = snapshot.problem {
        self.inspection?.record(.movedAside(corrupt: snapshot.isCorrupt))
        self.inspection?.record(.loaded(usedDefault: true))
        self.inspection?.deliver()
        return (CacheFile(version: self.version), .file(problem))
      }
      var file = snapshot.value ?? CacheFile(version: self.version)
      var problem: CachePersistenceError? =
        file.version == self.version ? nil : .schemaChanged(self.url, found: file.version, expected: self.version)
      self.known.withLock(delivering: false) {
        $0.snapshot = snapshot.stamp
        $0.generation = file.generation
        $0.snapshotBytes = Int(snapshot.stamp?.size ?? 0)
      }
      let journal = self.readJournal(from: nil)
      if problem == nil, let found = journal.foundVersion, found != self.version {
        problem = .schemaChanged(self.url, found: found, expected: self.version)
      }
      if problem == nil { file = file.applying(journal.records) }
      self.inspection?.record(.loaded(usedDefault: snapshot.value == nil && journal.records.isEmpty))
      self.inspection?.deliver()
      return (file, problem)
    }
    return (try? FolderLock.withLock(folderOf: url, read)) ?? read()
  }

  /// What other processes wrote since this one last read or wrote the files; `nil` when
  /// nothing changed (two `stat` calls).
  func changes() -> FileChanges<Key, Value>? {
    let look = { self.takeInChanges() }
    return (try? FolderLock.withLock(folderOf: url, look)) ?? nil
  }

  /// The number of saves this disk has written.
  var writes: UInt64 { known.withLock(delivering: false) { $0.writes } }

  /// Writes one save: first reads what other processes wrote since (returned, to take in),
  /// then appends the record to the journal (compacting when it has grown past the snapshot),
  /// or replaces both files.
  func write(_ save: CacheSave<Key, Value>) -> (changes: FileChanges<Key, Value>?, error: FileStoreError?) {
    let clock = inspection.map(FlightClock.init)
    var changes: FileChanges<Key, Value>?
    let outcome: Result<Void, FileStoreError>
    do {
      outcome = try FolderLock.withLock(folderOf: url) { () -> Result<Void, FileStoreError> in
        changes = takeInChanges()
        do throws(FileStoreError) {
          switch save {
          case .append(let record):
            try append(record)
            // The first save makes the snapshot: the file at `url` holds the values from then on.
            let state = known.withLock(delivering: false) { $0 }
            if state.snapshot == nil
              || (state.journal.map { $0.end > max(state.snapshotBytes / 4, Self.compactionFloor) } ?? false)
            {
              try compact()
            }
          case .replace(let entries, let savedAt):
            try replace(with: CacheFile(version: version, savedAt: savedAt, entries: entries))
          }
          return .success(())
        } catch {
          return .failure(error)
        }
      }
    } catch {
      outcome = .failure(.writeFailed(url, underlying: error))
    }
    known.withLock(delivering: false) { $0.writes += 1 }
    if let inspection, let clock {
      switch outcome {
      case .success: inspection.record(.written(duration: clock.elapsed))
      case .failure(let error): inspection.record(.writeFailed(FailureCategory(error)))
      }
      inspection.deliver()
    }
    if case .failure(let error) = outcome { return (changes, error) }
    return (changes, nil)
  }

  /// The caller holds the lock. Reads the new snapshot when another process compacted, or the
  /// records appended to the journal since this process last read it.
  private func takeInChanges() -> FileChanges<Key, Value>? {
    let stamp = FileStamp(path: url.path)
    if stamp != known.withLock(delivering: false, { $0.snapshot }) {
      let snapshot = FileReader.readNow(from: url, decode: CacheFile<Key, Value>.decoder(expecting: version))
      guard let file = snapshot.value, file.version == version else {
        // Moved aside, removed or of another schema: this process's next compaction rewrites it.
        known.withLock(delivering: false) {
          $0.snapshot = snapshot.stamp
          if snapshot.stamp == nil { $0.generation = 0 }  // removed: a journal of its own starts over
          $0.journal = nil
        }
        return nil
      }
      known.withLock(delivering: false) {
        $0.snapshot = snapshot.stamp
        $0.generation = file.generation
        $0.snapshotBytes = Int(snapshot.stamp?.size ?? 0)
      }
      let journal = readJournal(from: nil)
      let folded = file.applying(journal.records)
      return .reloaded(entries: folded.entries, savedAt: folded.savedAt)
    }
    let journal = readJournal(from: known.withLock(delivering: false) { $0.journal })
    return journal.records.isEmpty ? nil : .records(journal.records)
  }

  /// The caller holds the lock. Reads the journal's records after `followed` (all of them when
  /// it is `nil` or another file), and follows the journal up to its last whole record.
  private func readJournal(
    from followed: (device: UInt64, inode: UInt64, end: Int)?
  ) -> (records: [JournalRecord<Key, Value>], foundVersion: Int?) {
    guard let stamp = FileStamp(path: journalURL.path) else {
      known.withLock(delivering: false) { $0.journal = nil }
      return ([], nil)
    }
    var start = JournalFormat.headerSize
    let data: Data
    if let followed, followed.device == stamp.device, followed.inode == stamp.inode, Int(stamp.size) >= followed.end {
      // The journal followed: only what was appended since is read.
      if Int(stamp.size) == followed.end { return ([], nil) }
      start = followed.end
      guard let handle = try? FileHandle(forReadingFrom: journalURL) else { return ([], nil) }
      defer { try? handle.close() }
      guard (try? handle.seek(toOffset: UInt64(start))) != nil, let tail = try? handle.readToEnd() else {
        return ([], nil)
      }
      data = tail
    } else {
      guard let whole = try? Data(contentsOf: journalURL),
        let header = JournalFormat.readHeader(whole),
        header.generation == known.withLock(delivering: false, { $0.generation })
      else {
        // Not a journal of this snapshot (one a compaction replaced): ignored, and replaced.
        known.withLock(delivering: false) { $0.journal = nil }
        return ([], nil)
      }
      guard header.version == version else {
        known.withLock(delivering: false) { $0.journal = nil }
        return ([], header.version)
      }
      data = whole.dropFirst(start)
    }
    let found = JournalFormat.payloads(in: data, from: 0)
    let decoder = JSONDecoder()
    // Decoded as one JSON array: a decoder's set-up costs more than a small record.
    var joined = Data("[".utf8)
    joined.reserveCapacity(found.end + found.payloads.count + 2)
    for (index, payload) in found.payloads.enumerated() {
      if index > 0 { joined.append(UInt8(ascii: ",")) }
      joined.append(payload)
    }
    joined.append(UInt8(ascii: "]"))
    var records: [JournalRecord<Key, Value>]
    var end = start + found.end
    if let all = try? decoder.decode([JournalRecord<Key, Value>].self, from: joined) {
      records = all
    } else {
      // A whole record that does not decode is not a torn one; it ends the journal all the same.
      records = []
      end = start
      for payload in found.payloads {
        guard let record = try? decoder.decode(JournalRecord<Key, Value>.self, from: payload) else { break }
        records.append(record)
        end += JournalFormat.frameHeaderSize + payload.count
      }
    }
    known.withLock(delivering: false) { $0.journal = (stamp.device, stamp.inode, end) }
    return (records, nil)
  }

  /// The caller holds the lock. Appends `record` after the journal's last whole record (cutting
  /// off a torn one after it), making the journal first when there is none of this snapshot's
  /// generation.
  private func append(_ record: JournalRecord<Key, Value>) throws(FileStoreError) {
    let payload: Data
    do { payload = try JSONEncoder().encode(record) } catch { throw .encodingFailed(error) }
    let frame = JournalFormat.frame(payload)
    let state = known.withLock(delivering: false) { $0 }
    do {
      if let journal = state.journal {
        try FileWriter.append(frame, to: journalURL, at: journal.end)
        known.withLock(delivering: false) { $0.journal?.end = journal.end + frame.count }
      } else {
        var data = JournalFormat.header(version: version, generation: state.generation)
        data.append(frame)
        try FileWriter.replace(journalURL, with: data, permissions: 0o644)
        guard let stamp = FileStamp(path: journalURL.path) else { return }
        known.withLock(delivering: false) { $0.journal = (stamp.device, stamp.inode, data.count) }
      }
    } catch {
      throw .writeFailed(journalURL, underlying: error)
    }
  }

  /// The caller holds the lock. Folds the journal into a new snapshot, then starts an empty
  /// journal for it.
  private func compact() throws(FileStoreError) {
    let snapshot = FileReader.readNow(from: url, decode: CacheFile<Key, Value>.decoder(expecting: version))
    var file = snapshot.value ?? CacheFile(version: version)
    if file.version != version { file = CacheFile(version: version) }
    let journal = readJournal(from: nil)
    try replace(with: file.applying(journal.records, limit: limit))
  }

  /// The caller holds the lock. Writes `file` as the snapshot of a new generation, then an
  /// empty journal of that generation. A crash between the two leaves a journal of the old
  /// generation, which the next reader ignores: the new snapshot holds its records.
  private func replace(with file: CacheFile<Key, Value>) throws(FileStoreError) {
    var file = file
    let old = known.withLock(delivering: false) { $0.generation }
    var generation = UInt64.random(in: 1...UInt64(1 << 52))
    while generation == old { generation = UInt64.random(in: 1...UInt64(1 << 52)) }
    file.generation = generation
    let data: Data
    do { data = try JSONEncoder().encode(file) } catch { throw .encodingFailed(error) }
    let header = JournalFormat.header(version: version, generation: generation)
    do {
      try FileWriter.replace(url, with: data, permissions: 0o644)
      known.withLock(delivering: false) {
        $0.snapshot = FileStamp(path: url.path)
        $0.generation = generation
        $0.snapshotBytes = data.count
        $0.journal = nil
      }
      try FileWriter.replace(journalURL, with: header, permissions: 0o644)
    } catch {
      throw .writeFailed(url, underlying: error)
    }
    guard let stamp = FileStamp(path: journalURL.path) else { return }
    known.withLock(delivering: false) { $0.journal = (stamp.device, stamp.inode, header.count) }
  }
}
