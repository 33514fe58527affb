// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// @title Records ETH payments for purchases whose tokens are delivered on another chain.
/// @notice Each payment carries the portal's reference and can be made once: a settlement that is
/// re-run after a crash cannot pay twice, and reconciliation reads the payment back by reference.
contract PaymentRecorder {
    struct Paid {
        address payer;
        address payee;
        uint256 amount;
    }

    event Payment(bytes32 indexed ref, address indexed payer, address indexed payee, uint256 amount);

    error AlreadyPaid(bytes32 ref);
    error ZeroPayment();
    error ZeroAddress();

    mapping(bytes32 ref => Paid) public payments;

    /// @notice Forwards msg.value to payee and records it under ref.
    function pay(bytes32 ref, address payee) external payable {
        if (payments[ref].amount != 0) revert AlreadyPaid(ref);
        if (msg.value == 0) revert ZeroPayment();
        if (payee == address(0)) revert ZeroAddress();
        payments[ref] = Paid(msg.sender, payee, msg.value);
        emit Payment(ref, msg.sender, payee, msg.value);
        // Recorded before the call, so a payee that calls back cannot pay the same ref again.
        Address.sendValue(payable(payee), msg.value);
    }

    function paid(bytes32 ref) external view returns (bool) {
        return payments[ref].amount != 0;
    }
}
