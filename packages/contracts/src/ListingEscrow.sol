// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title Fixed-price token sales held in escrow until a deadline.
/// @notice A seller deposits tokens (pulled with its approval) and sets a price in wei per token.
/// Until the deadline anyone may buy with exactly amount * price wei: the tokens go to the
/// recipient and the ETH to the seller in the same transaction. The seller can cancel at any time
/// and gets the unsold tokens back. Every listing keeps its own account, so no listing can hand out
/// tokens another listing holds.
/// @dev Sold amounts count tokens: an ERC-20 listing sells lots of `unit` base units (10**decimals
/// sells whole tokens), ERC-721 and ERC-1155 listings sell single items. An ERC-721 buy delivers
/// the next unsold ids in deposit order (see nextItemIds).
contract ListingEscrow is ReentrancyGuardTransient, ERC1155Holder {
    using SafeERC20 for IERC20;

    enum Kind {
        ERC20,
        ERC721,
        ERC1155
    }

    struct Listing {
        address seller;
        uint64 deadline;
        Kind kind;
        bool cancelled;
        address token;
        /// ERC-1155 id; 0 for the other kinds.
        uint256 tokenId;
        /// Base units per token sold: 1 except for ERC-20.
        uint256 unit;
        /// Wei per token.
        uint256 price;
        /// Tokens deposited.
        uint256 amount;
        /// Tokens sold.
        uint256 sold;
    }

    event ListingCreated(
        uint256 indexed listingId,
        address indexed seller,
        address indexed token,
        Kind kind,
        uint256 tokenId,
        uint256 amount,
        uint256 unit,
        uint256 price,
        uint64 deadline
    );
    event Purchased(
        uint256 indexed listingId,
        address indexed buyer,
        address indexed recipient,
        uint256 amount,
        uint256 paid,
        uint256 remaining
    );
    event ListingCancelled(uint256 indexed listingId, uint256 returned);

    error ListingNotFound(uint256 listingId);
    error ListingClosed(uint256 listingId);
    error ListingExpired(uint256 listingId, uint64 deadline);
    error InsufficientTokens(uint256 requested, uint256 available);
    error WrongPayment(uint256 expected, uint256 sent);
    error NotSeller();
    error ZeroAmount();
    error ZeroPrice();
    error ZeroAddress();
    error InvalidUnit();
    error DeadlineInPast(uint64 deadline);
    /// The token did not move what it was asked to (fee-on-transfer, rebasing or broken token).
    error DepositMismatch();
    /// ERC-1155 tokens arrive only through createListingERC1155.
    error UnexpectedDeposit();

    uint256 public listingCount;
    mapping(uint256 listingId => Listing) private _listings;
    mapping(uint256 listingId => uint256[]) private _itemIds;

    function createListingERC20(address token, uint256 amount, uint256 unit, uint256 price, uint64 deadline)
        external
        nonReentrant
        returns (uint256 listingId)
    {
        if (unit == 0) revert InvalidUnit();
        listingId = _create(Kind.ERC20, token, 0, amount, unit, price, deadline);
        uint256 units = amount * unit;
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), units);
        if (IERC20(token).balanceOf(address(this)) != before + units) revert DepositMismatch();
    }

    function createListingERC721(address token, uint256[] calldata ids, uint256 price, uint64 deadline)
        external
        nonReentrant
        returns (uint256 listingId)
    {
        listingId = _create(Kind.ERC721, token, 0, ids.length, 1, price, deadline);
        _itemIds[listingId] = ids;
        for (uint256 i = 0; i < ids.length; ++i) {
            IERC721(token).transferFrom(msg.sender, address(this), ids[i]);
            if (IERC721(token).ownerOf(ids[i]) != address(this)) revert DepositMismatch();
        }
    }

    function createListingERC1155(address token, uint256 id, uint256 amount, uint256 price, uint64 deadline)
        external
        nonReentrant
        returns (uint256 listingId)
    {
        listingId = _create(Kind.ERC1155, token, id, amount, 1, price, deadline);
        uint256 before = IERC1155(token).balanceOf(address(this), id);
        IERC1155(token).safeTransferFrom(msg.sender, address(this), id, amount, "");
        if (IERC1155(token).balanceOf(address(this), id) != before + amount) revert DepositMismatch();
    }

    /// @notice Buys `amount` tokens for `recipient`; msg.value must be exactly amount * price.
    function buy(uint256 listingId, uint256 amount, address recipient) external payable nonReentrant {
        Listing storage listing = _open(listingId);
        if (block.timestamp >= listing.deadline) revert ListingExpired(listingId, listing.deadline);
        if (amount == 0) revert ZeroAmount();
        if (recipient == address(0)) revert ZeroAddress();
        uint256 available = listing.amount - listing.sold;
        if (amount > available) revert InsufficientTokens(amount, available);
        uint256 cost = amount * listing.price;
        if (msg.value != cost) revert WrongPayment(cost, msg.value);

        uint256 first = listing.sold;
        listing.sold = first + amount;
        emit Purchased(listingId, msg.sender, recipient, amount, cost, available - amount);

        _deliver(listingId, listing, first, amount, recipient);
        Address.sendValue(payable(listing.seller), cost);
    }

    /// @notice Closes the listing and returns every unsold token to the seller.
    function cancel(uint256 listingId) external nonReentrant {
        Listing storage listing = _open(listingId);
        if (msg.sender != listing.seller) revert NotSeller();
        listing.cancelled = true;
        uint256 unsold = listing.amount - listing.sold;
        emit ListingCancelled(listingId, unsold);
        if (unsold > 0) _deliver(listingId, listing, listing.sold, unsold, listing.seller);
    }

    function getListing(uint256 listingId) external view returns (Listing memory) {
        return _existing(listingId);
    }

    /// @notice Tokens still for sale: 0 once cancelled (an expired listing keeps its tokens until cancelled).
    function remaining(uint256 listingId) external view returns (uint256) {
        Listing storage listing = _existing(listingId);
        return listing.cancelled ? 0 : listing.amount - listing.sold;
    }

    /// @notice The ERC-721 ids a buy of `amount` would deliver now, in delivery order.
    function nextItemIds(uint256 listingId, uint256 amount) external view returns (uint256[] memory ids) {
        Listing storage listing = _existing(listingId);
        uint256 available = listing.cancelled ? 0 : listing.amount - listing.sold;
        if (amount > available) revert InsufficientTokens(amount, available);
        ids = new uint256[](amount);
        uint256[] storage all = _itemIds[listingId];
        for (uint256 i = 0; i < amount; ++i) ids[i] = all[listing.sold + i];
    }

    /// @notice Every ERC-721 id deposited in the listing, in deposit (and delivery) order.
    function itemIds(uint256 listingId) external view returns (uint256[] memory) {
        _existing(listingId);
        return _itemIds[listingId];
    }

    /// @dev Accepts ERC-1155 tokens only while this contract pulls a deposit, so none can be sent
    /// here by mistake (they could never be withdrawn).
    function onERC1155Received(address operator, address, uint256, uint256, bytes memory)
        public
        view
        override
        returns (bytes4)
    {
        if (operator != address(this)) revert UnexpectedDeposit();
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] memory, uint256[] memory, bytes memory)
        public
        pure
        override
        returns (bytes4)
    {
        revert UnexpectedDeposit();
    }

    function _create(
        Kind kind,
        address token,
        uint256 tokenId,
        uint256 amount,
        uint256 unit,
        uint256 price,
        uint64 deadline
    ) private returns (uint256 listingId) {
        if (token == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        if (price == 0) revert ZeroPrice();
        if (deadline <= block.timestamp) revert DeadlineInPast(deadline);
        listingId = ++listingCount;
        _listings[listingId] = Listing({
            seller: msg.sender,
            deadline: deadline,
            kind: kind,
            cancelled: false,
            token: token,
            tokenId: tokenId,
            unit: unit,
            price: price,
            amount: amount,
            sold: 0
        });
        emit ListingCreated(listingId, msg.sender, token, kind, tokenId, amount, unit, price, deadline);
    }

    function _open(uint256 listingId) private view returns (Listing storage listing) {
        listing = _existing(listingId);
        if (listing.cancelled) revert ListingClosed(listingId);
    }

    function _existing(uint256 listingId) private view returns (Listing storage listing) {
        listing = _listings[listingId];
        if (listing.seller == address(0)) revert ListingNotFound(listingId);
    }

    /// @dev Moves `count` tokens of the listing, starting at its `first` unsold position, to `to`.
    function _deliver(uint256 listingId, Listing storage listing, uint256 first, uint256 count, address to) private {
        if (listing.kind == Kind.ERC20) {
            IERC20(listing.token).safeTransfer(to, count * listing.unit);
        } else if (listing.kind == Kind.ERC721) {
            uint256[] storage ids = _itemIds[listingId];
            for (uint256 i = first; i < first + count; ++i) {
                IERC721(listing.token).safeTransferFrom(address(this), to, ids[i]);
            }
        } else {
            IERC1155(listing.token).safeTransferFrom(address(this), to, listing.tokenId, count, "");
        }
    }
}
