#include "core/document_changes.h"

#include <vector>

namespace sandtable::studio {

ChangeSubscription& ChangeSubscription::operator=(ChangeSubscription&& other) noexcept {
    if (this != &other) {
        cancel();
        listeners_ = std::move(other.listeners_);
        id_ = other.id_;
        other.listeners_.reset();
    }
    return *this;
}

ChangeSubscription::~ChangeSubscription() { cancel(); }

void ChangeSubscription::cancel() {
    if (auto listeners = listeners_.lock()) listeners->by_id.erase(id_);
    listeners_.reset();
}

ChangeNotifier::ChangeNotifier() : listeners_(std::make_shared<ChangeSubscription::Listeners>()) {}

ChangeSubscription ChangeNotifier::subscribe(Listener listener) {
    if (!listeners_) listeners_ = std::make_shared<ChangeSubscription::Listeners>();  // moved from
    const int id = listeners_->next_id++;
    listeners_->by_id.emplace(id, std::move(listener));
    return ChangeSubscription(listeners_, id);
}

// A listener may subscribe or unsubscribe others (a view rebuilt): the ids
// are taken first, and one gone by its turn is skipped.
void ChangeNotifier::announce(const DocumentChanges& changes) const {
    if (changes.empty() || !listeners_) return;
    const auto listeners = listeners_;  // kept alive while they run
    std::vector<int> ids;
    for (const auto& [id, listener] : listeners->by_id) ids.push_back(id);
    for (int id : ids) {
        const auto it = listeners->by_id.find(id);
        if (it == listeners->by_id.end()) continue;
        const Listener call = it->second;  // a copy: the listener may unsubscribe itself
        call(changes);
    }
}

}  // namespace sandtable::studio
