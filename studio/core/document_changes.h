// What an edit changed in a scenario document, and who is told. Every edit
// goes through the EditHistory, which announces what its command changed
// (after doing it, undoing it or redoing it); each view subscribes to the
// document and refreshes itself when a part it shows changed. Nobody keeps a
// list of who must catch up after which edit.
#pragma once

#include <bitset>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>

namespace sandtable::studio {

enum class DocumentPart {
    Map,         // hex terrain, elevation, hexside features painted
    Scenario,    // settings, sides, units, objectives, zones, exits; a tabletop's layout; the map's size
    UnitTypes,   // the ruleset's unit types
    Tables,      // the ruleset's tables (CRTs, charts)
    Scripts,     // the ruleset's rule modules and their parameters
    HouseRules,  // the house rules: where each ruleset value comes from, where edits go (a save changes it)
    Count
};

class DocumentChanges {
public:
    DocumentChanges() = default;
    DocumentChanges(std::initializer_list<DocumentPart> parts) {
        for (DocumentPart p : parts) parts_.set(static_cast<std::size_t>(p));
    }
    static DocumentChanges everything() {
        DocumentChanges all;
        all.parts_.set();
        return all;
    }
    // Did any of these parts change?
    bool touch(std::initializer_list<DocumentPart> parts) const {
        for (DocumentPart p : parts)
            if (parts_.test(static_cast<std::size_t>(p))) return true;
        return false;
    }
    bool touch(const DocumentChanges& other) const { return (parts_ & other.parts_).any(); }
    bool empty() const { return parts_.none(); }
    DocumentChanges& operator|=(const DocumentChanges& other) {
        parts_ |= other.parts_;
        return *this;
    }
    // The view the edit was made in, which has shown it already (nullptr: an
    // undo, a redo, a menu command; every view catches up).
    const void* made_in = nullptr;

private:
    std::bitset<static_cast<std::size_t>(DocumentPart::Count)> parts_;
};

// Unsubscribes when it goes (a view closed, another document opened).
class ChangeSubscription {
public:
    ChangeSubscription() = default;
    ChangeSubscription(ChangeSubscription&&) noexcept = default;
    ChangeSubscription& operator=(ChangeSubscription&& other) noexcept;
    ChangeSubscription(const ChangeSubscription&) = delete;
    ChangeSubscription& operator=(const ChangeSubscription&) = delete;
    ~ChangeSubscription();

private:
    friend class ChangeNotifier;
    struct Listeners;
    ChangeSubscription(std::weak_ptr<Listeners> listeners, int id) : listeners_(std::move(listeners)), id_(id) {}
    void cancel();
    std::weak_ptr<Listeners> listeners_;
    int id_ = 0;
};

class ChangeNotifier {
public:
    using Listener = std::function<void(const DocumentChanges&)>;
    ChangeNotifier();
    // A copy of a document starts with no listeners: views watch the document they were given.
    ChangeNotifier(const ChangeNotifier&) : ChangeNotifier() {}
    ChangeNotifier& operator=(const ChangeNotifier&) { return *this; }
    ChangeNotifier(ChangeNotifier&&) noexcept = default;
    ChangeNotifier& operator=(ChangeNotifier&&) noexcept = default;
    // Called after every announced change, in the order subscribed, until the subscription goes.
    [[nodiscard]] ChangeSubscription subscribe(Listener listener);
    void announce(const DocumentChanges& changes) const;

private:
    std::shared_ptr<ChangeSubscription::Listeners> listeners_;
};

struct ChangeSubscription::Listeners {
    std::map<int, ChangeNotifier::Listener> by_id;  // ids grow: the order subscribed
    int next_id = 1;
};

}  // namespace sandtable::studio
